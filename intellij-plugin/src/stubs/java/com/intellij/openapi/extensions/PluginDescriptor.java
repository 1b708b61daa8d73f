package com.intellij.openapi.extensions;

import java.nio.file.Path;

public interface PluginDescriptor {
  Path getPluginPath();

  String getVersion();
}
