package com.intellij.formatting;

public interface FormattingModelBuilder {
}
