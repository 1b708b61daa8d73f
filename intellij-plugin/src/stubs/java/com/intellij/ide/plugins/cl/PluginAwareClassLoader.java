package com.intellij.ide.plugins.cl;

import com.intellij.openapi.extensions.PluginDescriptor;
import org.jetbrains.annotations.NotNull;

public interface PluginAwareClassLoader {
  @NotNull PluginDescriptor getPluginDescriptor();
}
