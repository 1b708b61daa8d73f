package com.intellij.openapi.ui.popup;

import org.jetbrains.annotations.NotNull;

public interface ComponentPopupBuilder {
  @NotNull ComponentPopupBuilder setTitle(String title);

  @NotNull ComponentPopupBuilder setRequestFocus(boolean requestFocus);

  @NotNull ComponentPopupBuilder setCancelOnClickOutside(boolean cancel);

  @NotNull JBPopup createPopup();
}
