/** The sidecar's current settings: the defaults, then every patch from initialize or didChangeConfiguration. */
import { applySettingsPatch, DEFAULT_SETTINGS, type RedlineSettings, type RedlineSettingsPatch } from '@redline/shared-protocol';

export class SettingsStore {
  private current: Readonly<RedlineSettings> = DEFAULT_SETTINGS;
  private readonly listeners: Array<(settings: RedlineSettings) => void> = [];

  get(): Readonly<RedlineSettings> {
    return this.current;
  }

  /** Takes every setting of the patch that fits its definition; others are ignored. */
  update(patch: RedlineSettingsPatch | undefined): void {
    if (!patch) return;
    this.current = applySettingsPatch(this.current, patch);
    for (const listener of this.listeners) listener(this.current);
  }

  onChange(listener: (settings: RedlineSettings) => void): void {
    this.listeners.push(listener);
  }
}
