package com.intellij.codeInsight.lookup;

public interface LookupEx {
}
