import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button } from "antd-mobile";
import type { SigningTaskFieldsFragment } from "../../gql/graphql";
import { errorCode, errorMessage } from "../../shared/graphqlError";
import { CertificatePicker } from "./CertificatePicker";
import { FormSkeleton, Step } from "./FormParts";
import { IpaUploadPanel, PickedAppPanel, SourceTabs, type Source } from "./IpaSource";
import { feeText, unusableReason } from "./labels";
import { CreateSigningTaskMutation, MySigningUploadsQuery, SigningAppQuery, SigningFormQuery } from "./operations";
import { NO_OPTIONS, SigningOptions, type Options, type OriginalIpa } from "./SigningOptions";
import { useIpaUpload } from "./useIpaUpload";
import styles from "./signing.module.css";

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
  const { upload, setUpload, send, cancel } = useIpaUpload();
  const [options, setOptions] = useState<Options>(NO_OPTIONS);
  const wantedDylibs = props.dylibIds ?? "";
  const [refusal, setRefusal] = useState<{ message: string; recharge: boolean } | null>(null);
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
  }, [given, setUpload]);

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
    setRefusal(null);
    send(file, maxMb);
  };

  const sourceReady = source === "upload" ? upload.phase === "done" : !!pickedApp?.hasIpa;
  const original: OriginalIpa | null =
    source === "upload"
      ? upload.phase === "done"
        ? { name: upload.upload.name, bundleId: upload.upload.bundle_id, version: upload.upload.version }
        : null
      : (pickedApp ?? null);

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
        <SourceTabs source={source} onChange={setSource} />
        {source === "upload" && <IpaUploadPanel upload={upload} maxMb={maxMb} onFile={onFile} onCancel={cancel} />}
        {source === "app" && (
          <PickedAppPanel app={pickedApp} loading={!!props.appId && app.loading} pickerLink={appPickerLink} />
        )}
      </section>

      <section className={styles.card} aria-label="签名选项">
        <Step n={3}>签名选项（可选）</Step>
        <SigningOptions
          options={options}
          onChange={set}
          original={original}
          appIdRule={chosen?.appId}
          dylibs={data.signableDylibs}
        />

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
