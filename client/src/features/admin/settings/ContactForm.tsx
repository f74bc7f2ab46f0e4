import { Button } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import type { AdminContactQuery as Contact } from "../../../gql/graphql";
import { Field, Form, TextInput } from "../common/fields";
import { QQ_NUMBER_PATTERN } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { AdminContactQuery, UpdateContactMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";

type Values = Contact["contact"];

/** An email address as antd's `type: "email"` rule takes it. */
const LOCAL = String.raw`([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*|".+")`;
const LABEL = String.raw`[a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+`;
const TOP = String.raw`[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}`;
const EMAIL = new RegExp(String.raw`^${LOCAL}@(\[[0-9]{1,3}(\.[0-9]{1,3}){3}]|(${LABEL}\.)+${TOP})$`);

/** What is wrong with the form, by field, in the wording of its rules. */
function problems(v: Values): Partial<Record<keyof Values, string>> {
  const found: Partial<Record<keyof Values, string>> = {};
  if (v.qq && !QQ_NUMBER_PATTERN.test(v.qq)) found.qq = "QQ号无效，应为5到12位数字";
  if (v.email && !EMAIL.test(v.email)) found.email = "邮箱格式不正确";
  return found;
}

/** 联系方式: wechat, QQ, email. */
export function ContactForm() {
  const { data, loading, error, refetch } = useQuery(AdminContactQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.contactLoad}
      onRetry={() => void refetch()}
    >
      {data && <ContactFields s={data.contact} />}
    </SettingsSection>
  );
}

/** The form in plain elements (fields.tsx): it is the page's content. */
function ContactFields({ s }: { s: Values }) {
  const act = useAdminAction();
  const [save, { loading: saving }] = useMutation(UpdateContactMutation);
  const { values: v, set, errors, check } = useFormState<Values>({ wechat: s.wechat, qq: s.qq, email: s.email });
  return (
    <Form
      style={{ maxWidth: 640 }}
      onSubmit={() => {
        if (!check(problems(v))) return;
        void act(
          () => save({ variables: { input: { wechat: v.wechat.trim(), qq: v.qq.trim(), email: v.email.trim() } } }),
          "联系信息已保存",
          SETTINGS_TEXTS.contactSave,
        );
      }}
    >
      <Field label="微信">
        {(id) => (
          <TextInput id={id} maxLength={64} value={v.wechat} onChange={(e) => set({ wechat: e.target.value })} />
        )}
      </Field>
      <Field label="QQ" error={errors.qq}>
        {(id) => (
          <TextInput
            id={id}
            inputMode="numeric"
            maxLength={12}
            value={v.qq}
            onChange={(e) => set({ qq: e.target.value })}
          />
        )}
      </Field>
      <Field label="邮箱" error={errors.email}>
        {(id) => <TextInput id={id} maxLength={254} value={v.email} onChange={(e) => set({ email: e.target.value })} />}
      </Field>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
