import { Button, Form, Input } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import { maxLength } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { AdminLegalQuery, UpdateLegalMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";

interface Values {
  userAgreement: string;
  privacyPolicy: string;
}

const MAX = 20_000;

/** 协议与隐私: the texts of /agreement and /privacy, which the register form links to. */
export function LegalForm() {
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminLegalQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const [save, { loading: saving }] = useMutation(UpdateLegalMutation);

  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.legalLoad}
      onRetry={() => void refetch()}
    >
      {data && (
        <Form<Values>
          layout="vertical"
          initialValues={data.legalDocuments}
          style={{ maxWidth: 800 }}
          onFinish={(v) =>
            act(
              () => save({ variables: { input: { userAgreement: v.userAgreement, privacyPolicy: v.privacyPolicy } } }),
              "协议与隐私政策已保存",
              SETTINGS_TEXTS.legalSave,
            )
          }
        >
          <Form.Item
            name="userAgreement"
            label="用户协议"
            extra="显示在 /agreement，注册表单链接到此页；每行一段，清空后恢复默认文本"
            rules={[maxLength("用户协议", MAX)]}
          >
            <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} showCount maxLength={MAX} />
          </Form.Item>
          <Form.Item
            name="privacyPolicy"
            label="隐私政策"
            extra="显示在 /privacy；每行一段，清空后恢复默认文本"
            rules={[maxLength("隐私政策", MAX)]}
          >
            <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} showCount maxLength={MAX} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Form>
      )}
    </SettingsSection>
  );
}
