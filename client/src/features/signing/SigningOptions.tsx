import { Link } from "react-router";
import type { SigningFormQuery } from "../../gql/graphql";
import { Field, SwitchRow } from "./FormParts";
import styles from "./signing.module.css";

export interface Options {
  bundleId: string;
  displayName: string;
  version: string;
  dylibIds: string[];
  removeUISupportedDevices: boolean;
  removePlugins: boolean;
  removeWatch: boolean;
}

export const NO_OPTIONS: Options = {
  bundleId: "",
  displayName: "",
  version: "",
  dylibIds: [],
  removeUISupportedDevices: false,
  removePlugins: false,
  removeWatch: false,
};

/** What the IPA is now, for the fields' "默认：…" placeholders. */
export interface OriginalIpa {
  name: string;
  bundleId: string;
  version: string;
}

/** Step 3: name, bundle id and version to change, plugins to inject, the three removal switches. */
export function SigningOptions({
  options,
  onChange,
  original,
  appIdRule,
  dylibs,
}: {
  options: Options;
  onChange: <K extends keyof Options>(k: K, v: Options[K]) => void;
  original: OriginalIpa | null;
  /** The chosen certificate's App ID, which the bundle id must match. */
  appIdRule: string | undefined;
  dylibs: SigningFormQuery["signableDylibs"];
}) {
  return (
    <>
      <Field
        label="应用名称"
        name="displayName"
        value={options.displayName}
        placeholder={original?.name ? `默认：${original.name}` : "不填则保持原名称"}
        onChange={(v) => onChange("displayName", v)}
      />
      <Field
        label="Bundle ID"
        name="bundleId"
        value={options.bundleId}
        placeholder={original ? `默认：${original.bundleId}` : "不填则保持原 Bundle ID"}
        hint={appIdRule !== undefined ? `须符合证书的 App ID：${appIdRule}` : undefined}
        onChange={(v) => onChange("bundleId", v)}
      />
      <Field
        label="版本号"
        name="version"
        value={options.version}
        placeholder={original?.version ? `默认：${original.version}` : "不填则保持原版本"}
        onChange={(v) => onChange("version", v)}
      />
      <div className={styles.field}>
        <span className={styles.label}>注入插件</span>
        {dylibs.length === 0 ? (
          <span className={styles.hint}>
            暂无可注入的插件（免费或已购买的动态库）<Link to="/">去首页「动态库」看看</Link>
          </span>
        ) : (
          <div className={styles.dylibs} role="group" aria-label="注入插件">
            {dylibs.map((d) => {
              const on = options.dylibIds.includes(d.id);
              return (
                <button
                  key={d.id}
                  type="button"
                  aria-pressed={on}
                  className={styles.dylib}
                  onClick={() =>
                    onChange("dylibIds", on ? options.dylibIds.filter((x) => x !== d.id) : [...options.dylibIds, d.id])
                  }
                >
                  {d.name}
                  {d.version ? ` ${d.version}` : ""}
                </button>
              );
            })}
          </div>
        )}
      </div>
      <div className={styles.switches}>
        <SwitchRow
          label="移除设备限制（UISupportedDevices）"
          checked={options.removeUISupportedDevices}
          onChange={(v) => onChange("removeUISupportedDevices", v)}
        />
        <SwitchRow
          label="移除插件（PlugIns）"
          checked={options.removePlugins}
          onChange={(v) => onChange("removePlugins", v)}
        />
        <SwitchRow label="移除 Watch 应用" checked={options.removeWatch} onChange={(v) => onChange("removeWatch", v)} />
      </div>
    </>
  );
}
