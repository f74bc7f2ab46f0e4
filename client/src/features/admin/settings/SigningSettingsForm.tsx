import { Alert, Button } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import type { AdminSigningSettingsQuery as Signing } from "../../../gql/graphql";
import { Field, Form, NumberInput, RadioGroup } from "../common/fields";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { AdminSigningSettingsQuery, UpdateSigningSettingsMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";
import styles from "./settings.module.css";

type Whole = "artifactHours" | "downloadsPerTask" | "dailyLimit" | "maxUploadMb";

type Values = Record<Whole | "fee", number | null> & { chargeMode: string };

/** What each charge mode means to a user, as the signing page will charge it. */
const MODES = [
  { value: "free", label: "免费", help: "所有签名都不收费。" },
  { value: "fee", label: "按次收费", help: "每次签名从用户余额扣除签名费用，失败或取消的任务自动退回。" },
  {
    value: "certificate",
    label: "证书内含",
    help: "用自己的证书（上传或在商城购买的）签名免费；临时证书与演示证书按次收费。",
  },
];

const NUMBERS: { name: Whole; label: string; unit: string; min: number; max: number; extra?: string }[] = [
  {
    name: "artifactHours",
    label: "签名包保留时长",
    unit: "小时",
    min: 1,
    max: 24 * 90,
    extra: "到期后签名后的 IPA 与上传的文件自动删除",
  },
  {
    name: "downloadsPerTask",
    label: "每个任务的下载次数",
    unit: "次",
    min: 1,
    max: 1000,
    extra: "可在签名管理中为单个任务增加",
  },
  { name: "dailyLimit", label: "每人每日签名次数", unit: "次", min: 0, max: 10000, extra: "0 为不限" },
  { name: "maxUploadMb", label: "上传 IPA 大小上限", unit: "MB", min: 1, max: 8192 },
];

/** What is wrong with the form, by field: the server's ranges, its wording. */
function problems(v: Values): Partial<Record<keyof Values, string>> {
  const found: Partial<Record<keyof Values, string>> = {};
  const fee = v.fee;
  if (fee === null || Number.isNaN(fee) || fee < 0) found.fee = "请填写签名费用";
  else if (Math.abs(Math.round(fee * 100) - fee * 100) > 1e-6) found.fee = "签名费用最多保留两位小数";
  else if (v.chargeMode !== "free" && fee <= 0) found.fee = "收费签名须设置大于0的签名费用";
  for (const { name, label, min, max } of NUMBERS) {
    const n = v[name];
    if (n === null || !Number.isInteger(n) || n < min || n > max) found[name] = `${label}须为${min}到${max}之间的整数`;
  }
  return found;
}

/** A typed number brought into `min`..`max` (and to a whole number) when its box is left, as antd's InputNumber. */
function settle(n: number | null, min: number, max: number, whole: boolean): number | null {
  if (n === null || Number.isNaN(n)) return n;
  const inRange = Math.min(Math.max(n, min), max);
  return whole ? Math.round(inRange) : inRange;
}

/**
 * 签名设置: how signings are charged (free, a fee each, included with one's own certificate), artifact lifetime, quotas.
 */
export function SigningSettingsForm() {
  const { data, loading, error, refetch } = useQuery(AdminSigningSettingsQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.signingLoad}
      onRetry={() => void refetch()}
    >
      {data && <SigningFields s={data.signingSettings} />}
    </SettingsSection>
  );
}

/** The form in plain elements (fields.tsx): it is the page's content. */
function SigningFields({ s }: { s: Signing["signingSettings"] }) {
  const act = useAdminAction();
  const [save, { loading: saving }] = useMutation(UpdateSigningSettingsMutation);
  const {
    values: v,
    set,
    errors,
    clear,
    check,
  } = useFormState<Values>({
    chargeMode: s.chargeMode,
    fee: s.feeFen / 100,
    artifactHours: s.artifactHours,
    downloadsPerTask: s.downloadsPerTask,
    dailyLimit: s.dailyLimit,
    maxUploadMb: s.maxUploadMb,
  });
  const leave = (key: Whole | "fee", min: number, max: number) => {
    const next = settle(v[key], min, max, key !== "fee");
    if (!Object.is(next, v[key])) set({ [key]: next });
  };
  const mode = v.chargeMode;

  function submit() {
    if (!check(problems(v))) return;
    const input = v as Record<keyof Values, number> & { chargeMode: string };
    void act(() => save({ variables: { input } }), "签名设置已保存", SETTINGS_TEXTS.signingSave);
  }

  return (
    <Form style={{ maxWidth: 720 }} onSubmit={submit}>
      <Field label="收费方式" required help={MODES.find((m) => m.value === mode)?.help}>
        {(id) => (
          <RadioGroup
            id={id}
            name="chargeMode"
            value={mode}
            options={MODES}
            onChange={(next) => {
              set({ chargeMode: next });
              clear("fee");
            }}
          />
        )}
      </Field>
      <div className={styles.grid}>
        <Field label="签名费用" error={errors.fee}>
          {(id) => (
            <NumberInput
              id={id}
              decimals={2}
              suffix="元/次"
              disabled={mode === "free"}
              value={v.fee}
              onChange={(fee) => set({ fee })}
              onBlur={() => leave("fee", 0, Infinity)}
            />
          )}
        </Field>
        {NUMBERS.map((f) => (
          <Field key={f.name} label={f.label} help={f.extra} error={errors[f.name]}>
            {(id) => (
              <NumberInput
                id={id}
                suffix={f.unit}
                value={v[f.name]}
                onChange={(n) => set({ [f.name]: n })}
                onBlur={() => leave(f.name, f.min, f.max)}
              />
            )}
          </Field>
        ))}
      </div>
      {mode !== "free" && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="余额不足的用户在提交时即被拒绝，任务不会排队，也不会扣费。"
        />
      )}
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
