package dev.redline.ide

import com.intellij.openapi.application.PathManager
import com.intellij.util.net.JdkProxyProvider
import com.intellij.util.net.ProxyCredentialStore
import dev.redline.core.IdeProxy
import dev.redline.core.ProxyPatch
import dev.redline.core.SidecarInstaller
import java.nio.file.Path

/** The two platform questions the core cannot answer: where to unpack the sidecar, and which proxy the IDE uses. */
internal object RedlinePlatform {
    /** [bin]: the plugin's bin/ folder; null when the plugin's own folder is unknown. */
    fun sidecar(bin: Path?): SidecarInstaller.Result {
        bin ?: return SidecarInstaller.Result.Failed("Redline cannot find its plugin folder, so it has no sidecar to start.")
        return SidecarInstaller(bin, Path.of(PathManager.getSystemPath(), "redline", "sidecar"))
            .resolve(System.getProperty("os.name"), System.getProperty("os.arch"))
    }

    /** May read the credential store (I/O): call it off the UI thread, as the settings patch is built. */
    fun proxyFor(endpoint: String): ProxyPatch = IdeProxy.patchFor(
        endpoint,
        select = { JdkProxyProvider.getInstance().proxySelector.select(it) },
        credentials = { host, port ->
            ProxyCredentialStore.getInstance().getCredentials(host, port)?.let { c -> c.userName?.let { it to c.getPasswordAsString().orEmpty() } }
        },
    )
}
