package com.intellij.ui.components;

import javax.swing.JCheckBox;

public class JBCheckBox extends JCheckBox {
  private JBCheckBox() { throw new UnsupportedOperationException(); }
}
