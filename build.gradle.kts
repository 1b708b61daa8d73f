// The IntelliJ plugin. Sources live in intellij-plugin/; the sidecar executables come from `npm run build`.
// Needs network (Gradle Plugin Portal, Maven Central, JetBrains repositories); the offline core
// build is scripts/kotlin-test.sh, which reads its versions from the same gradle.properties.
import org.jetbrains.kotlin.gradle.dsl.JvmTarget
import org.jetbrains.kotlin.gradle.dsl.KotlinVersion

plugins {
    id("org.jetbrains.kotlin.jvm")
    id("org.jetbrains.intellij.platform")
}

group = "dev.redline"
version = "0.1.0"

fun prop(name: String): String = providers.gradleProperty(name).get()

repositories {
    mavenCentral()
    intellijPlatform {
        defaultRepositories()
    }
}

sourceSets {
    main {
        kotlin.srcDir("intellij-plugin/src/main/kotlin")
        resources.srcDir("intellij-plugin/src/main/resources")
    }
    test {
        kotlin.srcDir("intellij-plugin/src/test/kotlin")
        resources.srcDir("intellij-plugin/src/test/resources")
    }
}

dependencies {
    intellijPlatform {
        intellijIdeaCommunity(prop("platformVersion"))
    }
    // The IDE does not ship lsp4j: bundled. Its Gson comes from the IDE.
    implementation("org.eclipse.lsp4j:org.eclipse.lsp4j.jsonrpc:${prop("lsp4jVersion")}") {
        exclude(group = "com.google.code.gson")
    }
    compileOnly("com.google.code.gson:gson:${prop("gsonVersion")}")
    compileOnly("org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:${prop("coroutinesVersion")}")

    testImplementation("com.google.code.gson:gson:${prop("gsonVersion")}")
    testImplementation("org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:${prop("coroutinesVersion")}")
    testImplementation("org.jetbrains.kotlin:kotlin-reflect:${prop("kotlinVersion")}")
    testImplementation("org.junit.jupiter:junit-jupiter:${prop("junitJupiterVersion")}")
    testRuntimeOnly("org.junit.platform:junit-platform-launcher")
}

kotlin {
    jvmToolchain(17)
    compilerOptions {
        jvmTarget = JvmTarget.JVM_17
        apiVersion = KotlinVersion.fromVersion(prop("kotlinApiVersion"))
        languageVersion = KotlinVersion.fromVersion(prop("kotlinApiVersion"))
    }
}

intellijPlatform {
    pluginConfiguration {
        id = "dev.redline"
        name = "Redline"
        version = project.version.toString()
        ideaVersion {
            sinceBuild = prop("pluginSinceBuild")
            untilBuild = provider { null }
        }
    }
}

// Every sidecar build found in dist/ (redline-sidecar-<os>-<arch>[.exe]) goes into the plugin's bin/.
val sidecarBuilds = fileTree("dist") { include("redline-sidecar-*") }

tasks {
    prepareSandbox {
        from(sidecarBuilds) {
            into(pluginName.map { "$it/bin" })
            filePermissions { unix("rwxr-xr-x") }
        }
    }
    buildPlugin {
        doFirst {
            check(!sidecarBuilds.isEmpty) { "No sidecar in dist/: run `npm run build` first." }
        }
    }
    test {
        useJUnitPlatform()
        // Integration tests run when REDLINE_SIDECAR (inherited from the environment) names a sidecar.
        systemProperty("redline.repoRoot", rootDir.path)
    }
}
