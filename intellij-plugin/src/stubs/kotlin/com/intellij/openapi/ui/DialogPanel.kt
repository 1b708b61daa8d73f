package com.intellij.openapi.ui

class DialogPanel private constructor()
