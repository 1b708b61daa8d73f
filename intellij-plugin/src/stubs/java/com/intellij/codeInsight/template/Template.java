package com.intellij.codeInsight.template;

public abstract class Template {
}
