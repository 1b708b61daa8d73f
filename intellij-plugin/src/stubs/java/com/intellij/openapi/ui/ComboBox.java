package com.intellij.openapi.ui;

import javax.swing.JComboBox;

public class ComboBox<E> extends JComboBox<E> {
  private ComboBox() { throw new UnsupportedOperationException(); }
}
