import { useState } from "react";
import { Button } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import type { AdminFooterQuery as Footer } from "../../../gql/graphql";
import { Field, Form, TextInput } from "../common/fields";
import { useAdminAction } from "../common/useAdminAction";
import { AdminFooterQuery, UpdateFooterMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";

/** 页脚: the filing number (linked to the national filing site on the home page) and the copyright text. */
export function FooterForm() {
  const { data, loading, error, refetch } = useQuery(AdminFooterQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.footerLoad}
      onRetry={() => void refetch()}
    >
      {data && <FooterFields s={data.footer} />}
    </SettingsSection>
  );
}

/** The form in plain elements (fields.tsx): it is the page's content. */
function FooterFields({ s }: { s: Footer["footer"] }) {
  const act = useAdminAction();
  const [save, { loading: saving }] = useMutation(UpdateFooterMutation);
  const [icpNumber, setIcpNumber] = useState(s.icpNumber);
  const [copyrightInfo, setCopyrightInfo] = useState(s.copyrightInfo);
  return (
    <Form
      style={{ maxWidth: 640 }}
      onSubmit={() => {
        void act(
          () => save({ variables: { input: { icpNumber: icpNumber.trim(), copyrightInfo: copyrightInfo.trim() } } }),
          "页脚信息已保存",
          SETTINGS_TEXTS.footerSave,
        );
      }}
    >
      <Field label="备案号" help="如 京ICP备12345678号，首页页脚链接到工信部备案网站">
        {(id) => <TextInput id={id} maxLength={50} value={icpNumber} onChange={(e) => setIcpNumber(e.target.value)} />}
      </Field>
      <Field label="版权信息">
        {(id) => (
          <TextInput id={id} maxLength={200} value={copyrightInfo} onChange={(e) => setCopyrightInfo(e.target.value)} />
        )}
      </Field>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
