import { useState } from "react";
import { Button } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import type { AdminLegalQuery as Legal } from "../../../gql/graphql";
import { Field } from "../common/fields";
import { useAdminAction } from "../common/useAdminAction";
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

/** The form in plain elements (fields.tsx): it is the page's content. */
function LegalFields({ s }: { s: Legal["legalDocuments"] }) {
  const act = useAdminAction();
  const [save, { loading: saving }] = useMutation(UpdateLegalMutation);
  const [userAgreement, setUserAgreement] = useState(s.userAgreement);
  const [privacyPolicy, setPrivacyPolicy] = useState(s.privacyPolicy);
  return (
    <form
      style={{ maxWidth: 800 }}
      onSubmit={(e) => {
        e.preventDefault();
        void act(
          () => save({ variables: { input: { userAgreement, privacyPolicy } } }),
          "协议与隐私政策已保存",
          SETTINGS_TEXTS.legalSave,
        );
      }}
    >
      <Field label="用户协议" help="显示在 /agreement，注册表单链接到此页；每行一段，清空后恢复默认文本">
        {(id) => (
          <CountedTextArea
            id={id}
            minRows={6}
            maxRows={16}
            maxLength={MAX}
            value={userAgreement}
            onChange={(e) => setUserAgreement(e.target.value)}
          />
        )}
      </Field>
      <Field label="隐私政策" help="显示在 /privacy；每行一段，清空后恢复默认文本">
        {(id) => (
          <CountedTextArea
            id={id}
            minRows={6}
            maxRows={16}
            maxLength={MAX}
            value={privacyPolicy}
            onChange={(e) => setPrivacyPolicy(e.target.value)}
          />
        )}
      </Field>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </form>
  );
}
