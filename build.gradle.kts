// The IntelliJ plugin. Sources live in intellij-plugin/; the sidecar executables come from `npm run build -- --all`.
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
    implementation("org.tukaani:xz:${prop("xzVersion")}")
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

// The sidecar, as SidecarInstaller reads it from the plugin's bin/: every platform in
// scripts/platforms.json as `redline-sidecar-<target>[.exe].xz` plus its `.sha256`, made by
// `npm run build -- --all` in dist/platforms. Only this machine's build is unpacked, on first run. A
// sandbox (`runIde`) without cross-builds gets the host's dist/redline-sidecar, plain, named for it.
val platformTargets: List<String> = Regex("\"target\":\\s*\"([a-z0-9-]+)\"")
    .findAll(file("scripts/platforms.json").readText()).map { it.groupValues[1] }.toList()
val sidecarBuilds = fileTree("dist/platforms") { include("*.xz", "*.sha256") }
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

tasks {
    prepareSandbox {
        if (sidecarBuilds.isEmpty) {
            from(hostSidecar) {
                rename { hostSidecarName }
                into(pluginName.map { "$it/bin" })
                filePermissions { unix("rwxr-xr-x") }
            }
        }
        from(sidecarBuilds) {
            into(pluginName.map { "$it/bin" })
        }
    }
    buildPlugin {
        doFirst {
            val names = sidecarBuilds.files.map { it.name }.toSet()
            val missing = platformTargets.map { "redline-sidecar-$it" + if (it.startsWith("win32")) ".exe" else "" }
                .flatMap { listOf("$it.xz", "$it.sha256") }.filter { it !in names }
            check(missing.isEmpty()) { "dist/platforms lacks ${missing.joinToString()}: run `npm run build -- --all` first." }
        }
    }
    test {
        useJUnitPlatform()
        // Integration tests run when REDLINE_SIDECAR (inherited from the environment) names a sidecar.
        systemProperty("redline.repoRoot", rootDir.path)
    }
}
