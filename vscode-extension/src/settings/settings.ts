/**
 * The extension's view of the sidecar's settings, derived from the protocol's one declaration
 * (`SETTINGS`): the `contributes.configuration` of package.json (generated from it, checked by a
 * test) and the patch sent to the sidecar from what VS Code's configuration holds. The secret
 * setting (the API key) is never contributed: it lives in SecretStorage.
 */
import { SETTINGS, SETTING_NAMES, fitsSetting, type RedlineSettingsPatch, type SettingName, type SettingSpec } from '@redline/shared-protocol';

export const SECTION = 'redline';

/** The settings VS Code's configuration holds: every one but the secret ones. */
export const CONFIGURED_SETTINGS: readonly SettingName[] = SETTING_NAMES.filter((name) => !(SETTINGS[name] as SettingSpec).secret);

/** The secret setting, kept in SecretStorage under this key. */
export const API_KEY_SECRET = `${SECTION}.apiKey`;

/** package.json's `contributes.configuration`, property by property from SETTINGS. */
export function configurationContribution(): { title: string; properties: Record<string, Record<string, unknown>> } {
  const properties: Record<string, Record<string, unknown>> = {};
  CONFIGURED_SETTINGS.forEach((name, order) => {
    const spec: SettingSpec = SETTINGS[name];
    properties[`${SECTION}.${name}`] = {
      type: spec.type,
      default: spec.default,
      ...('enum' in spec && spec.enum ? { enum: spec.enum, enumDescriptions: spec.enumDescriptions } : {}),
      ...('minimum' in spec ? { minimum: spec.minimum, maximum: spec.maximum } : {}),
      markdownDescription: spec.description,
      order,
    };
  });
  // The language client's own setting, not the sidecar's.
  properties[TRACE_SETTING] = {
    type: 'string',
    default: 'messages',
    enum: ['off', 'messages', 'verbose'],
    markdownDescription:
      'What the Redline output shows of the messages between VS Code and the sidecar once its log level is Trace (**Developer: Set Log Level…**): `messages` their names, `verbose` also their params (the API key masked).',
    order: CONFIGURED_SETTINGS.length,
  };
  return { title: 'Redline', properties };
}

/** vscode-languageclient's message trace, read by the client itself. */
export const TRACE_SETTING = `${SECTION}.trace.server`;

/**
 * The patch for initialize and workspace/didChangeConfiguration: each configured value that fits
 * its setting (a hand-edited settings.json may hold anything; the rest keep the sidecar's
 * defaults), and the API key from SecretStorage ('' when none, which clears a key sent earlier).
 */
export function settingsPatch(read: (name: SettingName) => unknown, apiKey: string | undefined): RedlineSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const name of CONFIGURED_SETTINGS) {
    const value = read(name);
    if (fitsSetting(name, value)) patch[name] = value;
  }
  patch.apiKey = apiKey ?? '';
  return patch as RedlineSettingsPatch;
}
