package com.intellij.ui.components;

import javax.swing.JTextField;

public class JBTextField extends JTextField {
  public JBTextField() { throw new UnsupportedOperationException(); }
}
