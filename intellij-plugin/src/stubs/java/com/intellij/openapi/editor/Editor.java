package com.intellij.openapi.editor;

import com.intellij.openapi.Disposable;
import com.intellij.openapi.editor.colors.EditorColorsScheme;
import com.intellij.openapi.editor.event.EditorMouseListener;
import com.intellij.openapi.editor.markup.MarkupModel;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.util.UserDataHolder;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.JComponent;

public interface Editor extends UserDataHolder {
  @NotNull Document getDocument();

  @NotNull JComponent getContentComponent();

  @NotNull SelectionModel getSelectionModel();

  @NotNull MarkupModel getMarkupModel();

  @NotNull CaretModel getCaretModel();

  @NotNull EditorColorsScheme getColorsScheme();

  default void addEditorMouseListener(@NotNull EditorMouseListener listener, @NotNull Disposable parentDisposable) { throw new UnsupportedOperationException(); }

  @Nullable Project getProject();

  @NotNull InlayModel getInlayModel();

  default int getAscent() { throw new UnsupportedOperationException(); }

  @NotNull ScrollingModel getScrollingModel();

  @NotNull LogicalPosition xyToLogicalPosition(@NotNull java.awt.Point p);
}
