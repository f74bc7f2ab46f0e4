import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, ProgressBar, Switch } from "antd-mobile";
import { AddOutline, CloseCircleOutline, UploadOutline } from "antd-mobile-icons";
import type { SigningTaskFieldsFragment } from "../../gql/graphql";
import { errorCode, errorMessage } from "../../shared/graphqlError";
import { formatFileSize } from "../../shared/format";
import { acceptOf, isAbortError } from "../../shared/upload";
import { AppIcon } from "../catalog/AppIcon";
import { CertificatePicker } from "./CertificatePicker";
import { ipaRule, uploadSigningIpa, type SigningUpload } from "./api";
import { feeText, unusableReason } from "./labels";
import { CreateSigningTaskMutation, MySigningUploadsQuery, SigningAppQuery, SigningFormQuery } from "./operations";
import styles from "./signing.module.css";

type Source = "upload" | "app";

type UploadState =
  | { phase: "idle" }
  | { phase: "sending"; name: string; percent: number }
  | { phase: "done"; upload: SigningUpload }
  | { phase: "failed"; message: string };

interface Options {
  bundleId: string;
  displayName: string;
  version: string;
  dylibIds: string[];
  removeUISupportedDevices: boolean;
  removePlugins: boolean;
  removeWatch: boolean;
}

const NO_OPTIONS: Options = {
  bundleId: "",
  displayName: "",
  version: "",
  dylibIds: [],
  removeUISupportedDevices: false,
  removePlugins: false,
  removeWatch: false,
};

function Step({ n, children }: { n: number; children: ReactNode }) {
  return (
    <h2 className={styles.step}>
      <span className={styles.stepNo}>{n}</span>
      {children}
    </h2>
  );
}

function Field(props: {
  label: string;
  name: string;
  value: string;
  placeholder?: string;
  hint?: string;
  onChange: (v: string) => void;
}) {
  const id = `signing-${props.name}`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className={styles.input}
        name={props.name}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </span>
      )}
    </div>
  );
}

function SwitchRow(props: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className={styles.switchRow}>
      <span id={id}>{props.label}</span>
      <Switch checked={props.checked} onChange={props.onChange} aria-labelledby={id} />
    </div>
  );
}

function AppRow(props: { icon: string; name: string; lines: string[]; action?: ReactNode; testId: string }) {
  return (
    <div className={styles.appRow} data-testid={props.testId}>
      <AppIcon src={props.icon} name={props.name} size={56} eager />
      <div className={styles.appText}>
        <div className={styles.appName}>{props.name}</div>
        {props.lines.filter(Boolean).map((l) => (
          <div key={l} className={styles.mono}>
            {l}
          </div>
        ))}
      </div>
      {props.action}
    </div>
  );
}

function FormSkeleton() {
  return (
    <section className={styles.card} aria-busy="true" aria-label="加载中">
      <span className={styles.shimmer} style={{ width: "40%", height: 20 }} />
      {[0, 1].map((i) => (
        <span key={i} className={styles.shimmer} style={{ height: 76, marginTop: 12, borderRadius: 14 }} />
      ))}
      <span className={styles.shimmer} style={{ width: "40%", height: 20, marginTop: 20 }} />
      <span className={styles.shimmer} style={{ height: 120, marginTop: 12, borderRadius: 14 }} />
    </section>
  );
}

/**
 * The signing form: 1 the certificate, 2 the IPA (uploaded here with a progress bar, or a catalogue app chosen on
 * /app-signature and passed as `appId`), 3 the options; 开始签名 creates the task and hands it to `onCreated`.
 * Refusals show the server's message (余额不足 with a 去充值 link).
 */
export function SigningForm(props: {
  appId?: string | null;
  /** An upload of the caller's made elsewhere (a software source's app fetched by the server). */
  ipaId?: string | null;
  certId?: string | null;
  /** Plugins to tick from the start, comma-separated ids (only those the user may inject are kept). */
  dylibIds?: string | null;
  onCreated: (task: SigningTaskFieldsFragment) => void;
}) {
  const form = useQuery(SigningFormQuery, { fetchPolicy: "cache-and-network" });
  const app = useQuery(SigningAppQuery, { variables: { id: props.appId ?? "" }, skip: !props.appId });
  const uploads = useQuery(MySigningUploadsQuery, { skip: !props.ipaId || !!props.appId, fetchPolicy: "network-only" });
  const [create, creating] = useMutation(CreateSigningTaskMutation);
  const [certId, setCertId] = useState<string | null>(props.certId ?? null);
  const [source, setSource] = useState<Source>(props.appId ? "app" : "upload");
  const [upload, setUpload] = useState<UploadState>({ phase: "idle" });
  const [options, setOptions] = useState<Options>(NO_OPTIONS);
  const wantedDylibs = props.dylibIds ?? "";
  const [refusal, setRefusal] = useState<{ message: string; recharge: boolean } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (props.appId) setSource("app");
  }, [props.appId]);
  // ?ipa=<id>: that upload, as the server read it, is the IPA to sign (gone or someone else's: the form asks for one).
  const given = uploads.data?.mySigningUploads.find((u) => u.id === props.ipaId);
  useEffect(() => {
    if (!given) return;
    setSource("upload");
    setUpload({
      phase: "done",
      upload: {
        id: Number(given.id),
        filename: given.filename,
        size: given.size,
        name: given.name,
        bundle_id: given.bundleId,
        version: given.version,
        build: given.build,
        min_os_version: given.minOsVersion ?? null,
        icon_url: given.iconUrl,
        expires_at: given.expiresAt,
      },
    });
  }, [given]);

  const data = form.data;
  const signable = data?.signableDylibs;
  useEffect(() => {
    if (!signable || !wantedDylibs) return;
    const wanted = new Set(wantedDylibs.split(","));
    const ids = signable.filter((d) => wanted.has(d.id)).map((d) => d.id);
    if (ids.length) setOptions((o) => ({ ...o, dylibIds: [...new Set([...o.dylibIds, ...ids])] }));
  }, [signable, wantedDylibs]);
  const certificates = data?.signableCertificates ?? [];
  // The first usable certificate unless one was chosen (or the chosen one cannot sign).
  const chosen =
    certificates.find((c) => c.id === certId && !unusableReason(c)) ??
    certificates.find((c) => !unusableReason(c)) ??
    null;
  useEffect(() => {
    if (chosen && chosen.id !== certId) setCertId(chosen.id);
  }, [chosen, certId]);

  if (!data || (props.ipaId && !props.appId && uploads.loading)) {
    if (!data && form.error)
      return (
        <section className={styles.card}>
          <p className={styles.error}>{errorMessage(form.error)}</p>
        </section>
      );
    return <FormSkeleton />;
  }
  const maxMb = data.signingSettings.maxUploadMb;
  const set = <K extends keyof Options>(k: K, v: Options[K]) => setOptions((o) => ({ ...o, [k]: v }));
  const pickedApp = props.appId ? app.data?.app : null;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRefusal(null);
    setUpload({ phase: "sending", name: file.name, percent: 0 });
    uploadSigningIpa(
      file,
      maxMb,
      (percent) => setUpload((u) => (u.phase === "sending" ? { ...u, percent } : u)),
      controller.signal,
    )
      .then((u) => setUpload({ phase: "done", upload: u }))
      .catch((e: unknown) =>
        setUpload(isAbortError(e) ? { phase: "idle" } : { phase: "failed", message: errorMessage(e) }),
      );
  };

  const sourceReady = source === "upload" ? upload.phase === "done" : !!pickedApp?.hasIpa;
  const original = source === "upload" ? (upload.phase === "done" ? upload.upload : null) : pickedApp;

  const submit = async () => {
    if (!chosen) return setRefusal({ message: "请选择签名证书", recharge: false });
    if (!sourceReady)
      return setRefusal({ message: source === "upload" ? "请先上传 IPA" : "请选择要签名的应用", recharge: false });
    setRefusal(null);
    try {
      const { data: created } = await create({
        variables: {
          input: {
            certificateId: chosen.id,
            ...(source === "upload" && upload.phase === "done"
              ? { ipaId: String(upload.upload.id) }
              : { appId: props.appId! }),
            bundleId: options.bundleId.trim() || null,
            displayName: options.displayName.trim() || null,
            version: options.version.trim() || null,
            dylibIds: options.dylibIds.length ? options.dylibIds : null,
            removeUISupportedDevices: options.removeUISupportedDevices,
            removePlugins: options.removePlugins,
            removeWatch: options.removeWatch,
          },
        },
      });
      setOptions(NO_OPTIONS);
      if (source === "upload") setUpload({ phase: "idle" });
      props.onCreated(created!.createSigningTask);
    } catch (e) {
      setRefusal({ message: errorMessage(e), recharge: errorCode(e) === "WALLET_INSUFFICIENT_BALANCE" });
    }
  };

  const pickerParams = new URLSearchParams();
  if (chosen) pickerParams.set("cert", chosen.id);
  if (options.dylibIds.length) pickerParams.set("dylib", options.dylibIds.join(","));
  const appPickerLink = `/app-signature${pickerParams.size ? `?${pickerParams}` : ""}`;
  return (
    <>
      <section className={styles.card} aria-label="选择证书">
        <Step n={1}>选择证书</Step>
        <CertificatePicker certificates={certificates} value={chosen?.id ?? null} onChange={setCertId} />
      </section>

      <section className={styles.card} aria-label="选择安装包">
        <Step n={2}>选择安装包</Step>
        <div className={styles.tabs} role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={source === "upload"}
            className={styles.tab}
            onClick={() => setSource("upload")}
          >
            上传 IPA
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={source === "app"}
            className={styles.tab}
            onClick={() => setSource("app")}
          >
            从应用库选择
          </button>
        </div>

        {source === "upload" && (
          <>
            <input
              ref={fileInput}
              id="signing-ipa"
              type="file"
              accept={acceptOf(ipaRule(maxMb))}
              className={styles.hiddenInput}
              aria-label="选择 IPA 文件"
              onChange={(e) => {
                onFile(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
            {upload.phase === "sending" && (
              <div className={styles.uploading} data-testid="upload-progress">
                <div className={styles.uploadRow}>
                  <span className={styles.uploadName}>正在上传 {upload.name}</span>
                  <strong>{upload.percent}%</strong>
                </div>
                <ProgressBar percent={upload.percent} />
                <Button
                  size="small"
                  fill="none"
                  style={{ marginTop: 6, minHeight: 44 }}
                  onClick={() => abort.current?.abort()}
                >
                  <CloseCircleOutline /> 取消上传
                </Button>
              </div>
            )}
            {upload.phase === "done" && (
              <AppRow
                testId="uploaded-ipa"
                icon={upload.upload.icon_url}
                name={upload.upload.name}
                lines={[
                  upload.upload.bundle_id,
                  `版本 ${upload.upload.version}${upload.upload.build && upload.upload.build !== upload.upload.version ? ` (${upload.upload.build})` : ""} · ${formatFileSize(upload.upload.size)}`,
                ]}
                action={
                  <button type="button" className={styles.linkButton} onClick={() => fileInput.current?.click()}>
                    更换
                  </button>
                }
              />
            )}
            {(upload.phase === "idle" || upload.phase === "failed") && (
              <label htmlFor="signing-ipa" className={styles.drop}>
                <UploadOutline className={styles.dropIcon} />
                <strong>点击选择 IPA 文件</strong>
                <span>
                  最大 {maxMb >= 1024 ? `${+(maxMb / 1024).toFixed(1)} GB` : `${maxMb} MB`}，上传后自动读取应用信息
                </span>
              </label>
            )}
            {upload.phase === "failed" && (
              <p className={styles.alert} role="alert">
                {upload.message}
              </p>
            )}
          </>
        )}

        {source === "app" &&
          (pickedApp ? (
            <>
              <AppRow
                testId="picked-app"
                icon={pickedApp.icon}
                name={pickedApp.name}
                lines={[pickedApp.bundleId, `版本 ${pickedApp.version || "-"} · ${formatFileSize(pickedApp.size)}`]}
                action={
                  <Link to={appPickerLink} className={styles.linkButton}>
                    更换
                  </Link>
                }
              />
              {!pickedApp.hasIpa && <p className={styles.alert}>该应用暂无可签名的安装包</p>}
            </>
          ) : props.appId && app.loading ? (
            <span className={styles.shimmer} style={{ height: 80, marginTop: 12, borderRadius: 14 }} />
          ) : (
            <Link to={appPickerLink} className={styles.pickApp}>
              <AddOutline /> 从应用库选择应用
            </Link>
          ))}
      </section>

      <section className={styles.card} aria-label="签名选项">
        <Step n={3}>签名选项（可选）</Step>
        <Field
          label="应用名称"
          name="displayName"
          value={options.displayName}
          placeholder={original?.name ? `默认：${original.name}` : "不填则保持原名称"}
          onChange={(v) => set("displayName", v)}
        />
        <Field
          label="Bundle ID"
          name="bundleId"
          value={options.bundleId}
          placeholder={
            original
              ? `默认：${"bundle_id" in original ? original.bundle_id : original.bundleId}`
              : "不填则保持原 Bundle ID"
          }
          hint={chosen ? `须符合证书的 App ID：${chosen.appId}` : undefined}
          onChange={(v) => set("bundleId", v)}
        />
        <Field
          label="版本号"
          name="version"
          value={options.version}
          placeholder={original?.version ? `默认：${original.version}` : "不填则保持原版本"}
          onChange={(v) => set("version", v)}
        />
        <div className={styles.field}>
          <span className={styles.label}>注入插件</span>
          {data.signableDylibs.length === 0 ? (
            <span className={styles.hint}>
              暂无可注入的插件（免费或已购买的动态库）<Link to="/">去首页「动态库」看看</Link>
            </span>
          ) : (
            <div className={styles.dylibs} role="group" aria-label="注入插件">
              {data.signableDylibs.map((d) => {
                const on = options.dylibIds.includes(d.id);
                return (
                  <button
                    key={d.id}
                    type="button"
                    aria-pressed={on}
                    className={styles.dylib}
                    onClick={() =>
                      set("dylibIds", on ? options.dylibIds.filter((x) => x !== d.id) : [...options.dylibIds, d.id])
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
            onChange={(v) => set("removeUISupportedDevices", v)}
          />
          <SwitchRow
            label="移除插件（PlugIns）"
            checked={options.removePlugins}
            onChange={(v) => set("removePlugins", v)}
          />
          <SwitchRow label="移除 Watch 应用" checked={options.removeWatch} onChange={(v) => set("removeWatch", v)} />
        </div>

        <div className={styles.submitBar}>
          <div className={styles.total}>
            <span>本次签名费用</span>
            <strong data-testid="signing-fee">{chosen ? feeText(chosen.feeFen) : "-"}</strong>
          </div>
          {refusal && (
            <p className={styles.alert} role="alert" data-testid="signing-refusal">
              {refusal.message}
              {refusal.recharge && <Link to="/profile">去充值</Link>}
            </p>
          )}
          <Button
            block
            color="primary"
            size="large"
            loading={creating.loading}
            disabled={upload.phase === "sending"}
            onClick={() => void submit()}
            style={{ marginTop: 12 }}
          >
            开始签名
          </Button>
        </div>
      </section>
    </>
  );
}
