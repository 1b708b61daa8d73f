package com.intellij.ui.components;

import javax.swing.JPasswordField;

public class JBPasswordField extends JPasswordField {
  private JBPasswordField() { throw new UnsupportedOperationException(); }
}
