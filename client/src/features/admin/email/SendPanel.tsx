import { useEffect, useState } from "react";
import { Alert, Button } from "antd";
import { api } from "../../../shared/request";
import { DateRangeFilter, type DayRange } from "../common/DateRangeFilter";
import { Field, Form, RadioGroup, TextInput } from "../common/fields";
import { FilterSelect } from "../common/FilterSelect";
import { LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { ROLE_OPTIONS } from "../users/roles";
import { useRestData } from "../common/useRestData";
import { useFeedback } from "../shell/feedback";
import { AUTO_VARIABLES, type EmailTemplate, type Preview } from "./api";

type To = "user" | "filter" | "all";

interface Values {
  template_id?: string;
  to: To;
  username: string;
  search: string;
  role?: string;
  registered: DayRange;
  variables: Record<string, string>;
}

const TO_OPTIONS = [
  { value: "user", label: "单个用户" },
  { value: "filter", label: "按条件筛选" },
  { value: "all", label: "全部用户" },
] as const;

/** A day of the range as the date picker gave it: its start in the browser's time zone. */
const dayStart = (day: string | null) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);

/**
 * 发送邮件: a template to one user (by username), to the users a filter finds, or to everyone with an email address,
 * through the queue at the configured rate. The template's own variables are asked for here.
 */
export function SendPanel({ onSent }: { onSent: () => void }) {
  const { data: templates, error } = useRestData<EmailTemplate[]>("/api/admin/email/templates");
  const act = useAdminAction();
  const { modal } = useFeedback();
  const {
    values: v,
    set,
    errors,
    check,
  } = useFormState<Values>({
    to: "user",
    username: "",
    search: "",
    registered: [null, null],
    variables: {},
  });
  const [variables, setVariables] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  useEffect(() => {
    const t = templates?.find((x) => String(x.id) === v.template_id);
    if (!t) return setVariables([]);
    api
      .post<Preview>("/api/admin/email/templates/preview", { subject: t.subject, html: t.html, text: t.text })
      .then((r) => setVariables(r.data.variables.filter((name) => !AUTO_VARIABLES.includes(name))))
      .catch(() => setVariables([]));
  }, [v.template_id, templates]);

  async function send() {
    const found: Record<string, string> = {};
    if (!v.template_id) found.template_id = "请选择模板";
    if (v.to === "user" && !v.username) found.username = "请输入用户名";
    if (!check(found)) return;
    const body = {
      template_id: Number(v.template_id),
      to: v.to,
      username: v.to === "user" ? v.username : undefined,
      filter:
        v.to === "filter"
          ? {
              search: v.search || undefined,
              role: v.role,
              registered_after: dayStart(v.registered[0]),
              registered_before: dayStart(v.registered[1]),
            }
          : undefined,
      variables: Object.fromEntries(
        variables.filter((n) => v.variables[n] !== undefined).map((n) => [n, v.variables[n]]),
      ),
    };
    const go = async () => {
      setSending(true);
      setResult(null);
      await act(async () => {
        const r = await api.post<{ queued: number }>("/api/admin/email/send", body);
        setResult(`已加入发送队列：${r.data.queued} 封，可在「发送记录」中查看进度。`);
        onSent();
      });
      setSending(false);
    };
    if (v.to === "all")
      modal.confirm({
        title: "发送给全部用户？",
        content: "所有填写了邮箱且未被禁用的用户都会收到这封邮件。",
        okText: "发送",
        cancelText: "取消",
        onOk: go,
      });
    else await go();
  }

  return (
    <>
      <LoadError error={error} />
      <Form style={{ maxWidth: 560 }} onSubmit={send}>
        <Field label="邮件模板" required error={errors.template_id}>
          {(id) => (
            <FilterSelect
              id={id}
              style={{ width: "100%" }}
              placeholder="选择模板"
              options={(templates ?? []).map((t) => ({ value: String(t.id), label: `${t.name}（${t.key}）` }))}
              value={v.template_id}
              onChange={(template_id) => set({ template_id })}
            />
          )}
        </Field>
        <Field label="收件人">
          {(id) => <RadioGroup id={id} name="to" options={TO_OPTIONS} value={v.to} onChange={(to) => set({ to })} />}
        </Field>
        {v.to === "user" && (
          <Field label="用户名" required error={errors.username}>
            {(id) => (
              <TextInput
                id={id}
                autoComplete="off"
                value={v.username}
                onChange={(e) => set({ username: e.target.value })}
              />
            )}
          </Field>
        )}
        {v.to === "filter" && (
          <>
            <Field label="用户名或邮箱包含">
              {(id) => <TextInput id={id} value={v.search} onChange={(e) => set({ search: e.target.value })} />}
            </Field>
            <Field label="角色">
              {(id) => (
                <FilterSelect
                  id={id}
                  style={{ width: "100%" }}
                  placeholder=""
                  options={ROLE_OPTIONS}
                  value={v.role}
                  onChange={(role) => set({ role })}
                />
              )}
            </Field>
            <Field label="注册时间">
              {(id) => (
                <div id={id}>
                  <DateRangeFilter value={v.registered} onChange={(registered) => set({ registered })} />
                </div>
              )}
            </Field>
          </>
        )}
        {variables.map((name) => (
          <Field key={name} label={`变量 ${name}`}>
            {(id) => (
              <TextInput
                id={id}
                value={v.variables[name] ?? ""}
                onChange={(e) => set({ variables: { ...v.variables, [name]: e.target.value } })}
              />
            )}
          </Field>
        ))}
        <Button type="primary" htmlType="submit" loading={sending}>
          发送
        </Button>
      </Form>
      {result && <Alert type="success" showIcon title={result} style={{ marginTop: 12, maxWidth: 560 }} />}
    </>
  );
}
