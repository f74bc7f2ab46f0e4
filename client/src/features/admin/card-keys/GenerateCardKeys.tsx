import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button } from "antd";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { GenerateCardKeysMutation } from "./operations";
import { AdminCertificatePackagesQuery } from "../mall/operations";
import { Panel } from "../common/Panel";
import { Field, Form, NumberInput, TextInput } from "../common/fields";
import fieldStyles from "../common/fields.module.css";
import { FilterSelect } from "../common/FilterSelect";
import { lazyDialog } from "../common/lazyDialog";
import type { Generated } from "./GeneratedCodesModal";

const GeneratedCodesModal = lazyDialog(() => import("./GeneratedCodesModal").then((m) => m.GeneratedCodesModal));

type Kind = "balance" | "certificate";

interface Values {
  kind: Kind;
  /** A certificate key's mall price plan. */
  planId?: string;
  amount: number | null;
  count: number | null;
  prefix: string;
  /** The native datetime-local value ("YYYY-MM-DDTHH:mm[:ss]", the browser's time zone), "" for none. */
  expiresAt: string;
}

const KINDS = [
  { value: "balance", label: "余额" },
  { value: "certificate", label: "证书" },
] as const;

/** A typed number as antd's InputNumber leaves it on blur: within min..max, rounded to `digits`; nothing if not one. */
const fit = (n: number | null, min: number, max: number, digits: number) =>
  n === null || Number.isNaN(n) ? null : Number(Math.min(max, Math.max(min, n)).toFixed(digits));
const fitAmount = (n: number | null) => fit(n, 0.01, 1000000, 2);
const fitCount = (n: number | null) => fit(n, 1, 10000, 0);

/** What is wrong with the form, by field, in the spec's wording. */
function problems(v: Values): Record<string, string> {
  const found: Record<string, string> = {};
  if (v.kind === "certificate" && !v.planId) found.planId = "请选择价格方案";
  if (v.kind === "balance" && v.amount === null) found.amount = "请输入面额";
  if (v.count === null) found.count = "请输入数量";
  if (!/^[A-Za-z0-9]{0,8}$/.test(v.prefix)) found.prefix = "最多8个字母或数字";
  return found;
}

/** 生成卡密: the form (plain elements: it is the page's content), then the new codes in a dialog, shown this once. */
export function GenerateCardKeys({ onGenerated }: { onGenerated: () => void }) {
  const [generate, { loading }] = useMutation(GenerateCardKeysMutation);
  const [result, setResult] = useState<Generated | null>(null);
  const act = useAdminAction();
  const {
    values: v,
    setValues,
    set,
    errors,
    check,
  } = useFormState<Values>({ kind: "balance", amount: null, count: 10, prefix: "", expiresAt: "" });
  const packages = useQuery(AdminCertificatePackagesQuery, {
    skip: v.kind !== "certificate",
    fetchPolicy: "cache-and-network",
  });
  const planOptions = (packages.data?.adminCertificatePackages ?? []).flatMap((p) =>
    p.plans.map((pl) => ({ value: pl.id, label: `${p.name} · ${pl.name}（¥${pl.price.toFixed(2)}）` })),
  );

  const submit = () => {
    const values = { ...v, amount: fitAmount(v.amount), count: fitCount(v.count) };
    setValues(values);
    if (!check(problems(values))) return;
    void act(
      async () => {
        const { data } = await generate({
          variables: {
            input: {
              kind: values.kind,
              ...(values.kind === "certificate" ? { planId: values.planId } : { amount: values.amount }),
              count: values.count!,
              prefix: values.prefix.trim() || null,
              expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
            },
          },
        });
        const g = data!.generateCardKeys;
        setResult({ batchId: String(g.batchId), amount: g.batch.amount, codes: g.codes });
        set({ prefix: "", expiresAt: "" });
        onGenerated();
      },
      undefined,
      "生成失败",
    );
  };

  return (
    <Panel title="生成卡密">
      <Form className={fieldStyles.inlineForm} noValidate onSubmit={submit}>
        <Field inline label="类型" help={v.kind === "certificate" ? "用户在证书商城为自己的设备兑换" : undefined}>
          {(id) => (
            <FilterSelect
              id={id}
              style={{ width: 110 }}
              options={KINDS}
              value={v.kind}
              onChange={(kind) => set({ kind: kind ?? "balance" })}
            />
          )}
        </Field>
        {v.kind === "certificate" ? (
          <Field inline label="价格方案" required error={errors.planId}>
            {(id) => (
              <FilterSelect
                id={id}
                style={{ width: 260 }}
                options={planOptions}
                placeholder="证书套餐的价格方案"
                aria-label="价格方案"
                value={v.planId}
                onChange={(planId) => set({ planId })}
              />
            )}
          </Field>
        ) : (
          <Field inline label="面额（元）" required error={errors.amount}>
            {(id) => (
              <NumberInput
                id={id}
                style={{ width: 130 }}
                aria-label="面额"
                value={v.amount}
                onChange={(amount) => set({ amount })}
                onBlur={() => set({ amount: fitAmount(v.amount) })}
              />
            )}
          </Field>
        )}
        <Field inline label="数量" required error={errors.count}>
          {(id) => (
            <NumberInput
              id={id}
              style={{ width: 110 }}
              aria-label="数量"
              value={v.count}
              onChange={(count) => set({ count })}
              onBlur={() => set({ count: fitCount(v.count) })}
            />
          )}
        </Field>
        <Field inline label="前缀" error={errors.prefix}>
          {(id) => (
            <TextInput
              id={id}
              style={{ width: 110 }}
              placeholder="可选"
              maxLength={8}
              aria-label="前缀"
              value={v.prefix}
              onChange={(e) => set({ prefix: e.target.value })}
            />
          )}
        </Field>
        <Field inline label="过期时间">
          {(id) => (
            <TextInput
              id={id}
              type="datetime-local"
              step={1}
              style={{ width: 210 }}
              placeholder="不过期"
              aria-label="过期时间"
              value={v.expiresAt}
              onChange={(e) => set({ expiresAt: e.target.value })}
            />
          )}
        </Field>
        <Button type="primary" htmlType="submit" loading={loading}>
          生成
        </Button>
      </Form>
      {result && <GeneratedCodesModal result={result} onClose={() => setResult(null)} />}
    </Panel>
  );
}
