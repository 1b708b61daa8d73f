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
    testImplementation("org.jetbrains.kotlinx:lincheck-jvm:${prop("lincheckVersion")}")
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

// `npm run build` writes dist/redline-sidecar[.exe] for the machine it runs on; the plugin names each
// build for its platform (redline-sidecar-<os>-<arch>[.exe], as SidecarExecutables expects), so
// cross-builds already named that way in dist/ are bundled alongside.
val hostSidecarName: String = run {
    val osName = System.getProperty("os.name")
    val os = when {
        osName.startsWith("Windows") -> "win32"
        osName.startsWith("Mac") -> "darwin"
        else -> "linux"
    }
    val arch = if (System.getProperty("os.arch") in setOf("aarch64", "arm64")) "arm64" else "x64"
    "redline-sidecar-$os-$arch" + if (os == "win32") ".exe" else ""
}
val hostSidecar = fileTree("dist") { include("redline-sidecar", "redline-sidecar.exe") }
val sidecarBuilds = fileTree("dist") { include("redline-sidecar-*") }

tasks {
    prepareSandbox {
        from(hostSidecar) {
            rename { hostSidecarName }
            into(pluginName.map { "$it/bin" })
            filePermissions { unix("rwxr-xr-x") }
        }
        from(sidecarBuilds) {
            into(pluginName.map { "$it/bin" })
            filePermissions { unix("rwxr-xr-x") }
        }
    }
    buildPlugin {
        doFirst {
            check(!(hostSidecar + sidecarBuilds).isEmpty) { "No sidecar in dist/: run `npm run build` first." }
        }
    }
    test {
        useJUnitPlatform()
        // Integration tests run when REDLINE_SIDECAR (inherited from the environment) names a sidecar.
        systemProperty("redline.repoRoot", rootDir.path)
    }
}
