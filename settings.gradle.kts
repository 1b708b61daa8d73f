// The Gradle build is the IntelliJ plugin only; the TypeScript packages build with npm.
pluginManagement {
    val kotlinVersion: String by settings
    val intellijPlatformGradlePluginVersion: String by settings
    repositories {
        gradlePluginPortal()
        mavenCentral()
    }
    plugins {
        id("org.jetbrains.kotlin.jvm") version kotlinVersion
        id("org.jetbrains.intellij.platform") version intellijPlatformGradlePluginVersion
    }
}

rootProject.name = "redline-intellij"
