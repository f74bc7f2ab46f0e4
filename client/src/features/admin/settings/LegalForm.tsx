import { Button } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import type { AdminLegalQuery as Legal } from "../../../gql/graphql";
import { Field, Form } from "../common/fields";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { AdminLegalQuery, UpdateLegalMutation } from "./operations";
import { CountedTextArea } from "./CountedTextArea";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";

const MAX = 20_000;

/** 协议与隐私: the texts of /agreement and /privacy, which the register form links to. */
export function LegalForm() {
  const { data, loading, error, refetch } = useQuery(AdminLegalQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.legalLoad}
      onRetry={() => void refetch()}
    >
      {data && <LegalFields s={data.legalDocuments} />}
    </SettingsSection>
  );
}

/** The two texts, each with where it is shown. */
const DOCUMENTS = [
  {
    key: "userAgreement",
    label: "用户协议",
    help: "显示在 /agreement，注册表单链接到此页；每行一段，清空后恢复默认文本",
  },
  { key: "privacyPolicy", label: "隐私政策", help: "显示在 /privacy；每行一段，清空后恢复默认文本" },
] as const;

/** The form in plain elements (fields.tsx): it is the page's content. */
function LegalFields({ s }: { s: Legal["legalDocuments"] }) {
  const act = useAdminAction();
  const [save, { loading: saving }] = useMutation(UpdateLegalMutation);
  const { values, set } = useFormState({ userAgreement: s.userAgreement, privacyPolicy: s.privacyPolicy });
  return (
    <Form
      style={{ maxWidth: 800 }}
      onSubmit={() => {
        void act(() => save({ variables: { input: values } }), "协议与隐私政策已保存", SETTINGS_TEXTS.legalSave);
      }}
    >
      {DOCUMENTS.map((d) => (
        <Field key={d.key} label={d.label} help={d.help}>
          {(id) => (
            <CountedTextArea
              id={id}
              minRows={6}
              maxRows={16}
              maxLength={MAX}
              value={values[d.key]}
              onChange={(e) => set({ [d.key]: e.target.value })}
            />
          )}
        </Field>
      ))}
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
