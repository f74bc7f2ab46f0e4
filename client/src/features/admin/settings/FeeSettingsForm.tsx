import { Button } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import type { AdminFeeSettingsQuery as Fees } from "../../../gql/graphql";
import { Field, Form, NumberInput } from "../common/fields";
import { FilterSelect } from "../common/FilterSelect";
import { amountProblem } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { AdminFeeSettingsQuery, UpdateFeeSettingsMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { TrafficFeeExample } from "./TrafficFeeExample";
import { SETTINGS_TEXTS } from "./texts";
import styles from "./settings.module.css";

type Amount =
  | "resourceFee"
  | "flowFee"
  | "flowFeeThresholdMB"
  | "flowFeeBase"
  | "flowFeeRatePerGB"
  | "flowFeeMinMB"
  | "flowFeeMinAmount";

export type FeeValues = Record<Amount, number | null> & { flowFeeRounding: string };

const ROUNDING_OPTIONS = [
  { value: "round", label: "四舍五入（round）" },
  { value: "ceil", label: "向上取整（ceil）" },
  { value: "floor", label: "向下取整（floor）" },
];

const MONEY_MAX = 1_000_000;
const SIZE_MAX = 1_048_576;

const FIELDS: { name: Amount; label: string; unit: string; max: number }[] = [
  { name: "resourceFee", label: "资源费", unit: "元", max: MONEY_MAX },
  { name: "flowFee", label: "流量费", unit: "元", max: MONEY_MAX },
  { name: "flowFeeThresholdMB", label: "流量费起算阈值（MB）", unit: "MB", max: SIZE_MAX },
  { name: "flowFeeBase", label: "流量费基础金额", unit: "元", max: MONEY_MAX },
  { name: "flowFeeRatePerGB", label: "每GB流量费", unit: "元/GB", max: MONEY_MAX },
  { name: "flowFeeMinMB", label: "流量费最小计费量（MB）", unit: "MB", max: SIZE_MAX },
  { name: "flowFeeMinAmount", label: "流量费最低金额", unit: "元", max: MONEY_MAX },
];

/** 费用设置: the fee constants, all >= 0, and the rounding of the traffic fee. */
export function FeeSettingsForm() {
  const { data, loading, error, refetch } = useQuery(AdminFeeSettingsQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.feesLoad}
      onRetry={() => void refetch()}
    >
      {data && <FeeFields s={data.feeSettings} />}
    </SettingsSection>
  );
}

/** The form in plain elements (fields.tsx): it is the page's content. */
function FeeFields({ s }: { s: Fees["feeSettings"] }) {
  const act = useAdminAction();
  const [save, { loading: saving }] = useMutation(UpdateFeeSettingsMutation);
  const {
    values: v,
    set,
    errors,
    check,
  } = useFormState<FeeValues>({
    resourceFee: s.resourceFee,
    flowFee: s.flowFee,
    flowFeeThresholdMB: s.flowFeeThresholdMB,
    flowFeeBase: s.flowFeeBase,
    flowFeeRatePerGB: s.flowFeeRatePerGB,
    flowFeeRounding: s.flowFeeRounding,
    flowFeeMinMB: s.flowFeeMinMB,
    flowFeeMinAmount: s.flowFeeMinAmount,
  });

  function submit() {
    const found: Partial<Record<Amount, string>> = {};
    for (const f of FIELDS) found[f.name] = amountProblem(f.label, f.max, v[f.name]);
    if (!check(found)) return;
    const input = v as Record<Amount, number> & { flowFeeRounding: string };
    void act(() => save({ variables: { input } }), "费用设置已保存", SETTINGS_TEXTS.feesSave);
  }

  return (
    <Form style={{ maxWidth: 720 }} onSubmit={submit}>
      <div className={styles.grid}>
        {FIELDS.map((f) => (
          <Field key={f.name} label={f.label} error={errors[f.name]}>
            {(id) => (
              <NumberInput
                id={id}
                decimals={f.unit === "MB" ? undefined : 2}
                suffix={f.unit}
                value={v[f.name]}
                onChange={(n) => set({ [f.name]: n })}
              />
            )}
          </Field>
        ))}
        <Field label="流量费取整方式" required>
          {(id) => (
            <FilterSelect
              id={id}
              style={{ width: "100%" }}
              options={ROUNDING_OPTIONS}
              value={v.flowFeeRounding}
              onChange={(next) => set({ flowFeeRounding: next ?? "" })}
            />
          )}
        </Field>
      </div>
      <TrafficFeeExample values={v} />
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
