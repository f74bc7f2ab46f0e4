import { Button, Form, Input } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import { QQ_NUMBER_PATTERN, maxLength } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { AdminContactQuery, UpdateContactMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";

interface Values {
  wechat: string;
  qq: string;
  email: string;
}

/** 联系方式: wechat, QQ, email. */
export function ContactForm() {
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminContactQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const [save, { loading: saving }] = useMutation(UpdateContactMutation);

  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.contactLoad}
      onRetry={() => void refetch()}
    >
      {data && (
        <Form<Values>
          layout="vertical"
          initialValues={data.contact}
          style={{ maxWidth: 640 }}
          onFinish={(v) =>
            act(
              () => save({ variables: { input: { wechat: v.wechat.trim(), qq: v.qq.trim(), email: v.email.trim() } } }),
              "联系信息已保存",
              SETTINGS_TEXTS.contactSave,
            )
          }
        >
          <Form.Item name="wechat" label="微信" rules={[maxLength("微信", 64)]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="qq"
            label="QQ"
            rules={[{ pattern: QQ_NUMBER_PATTERN, message: "QQ号无效，应为5到12位数字" }]}
          >
            <Input inputMode="numeric" maxLength={12} />
          </Form.Item>
          <Form.Item
            name="email"
            label="邮箱"
            rules={[{ type: "email", message: "邮箱格式不正确" }, maxLength("邮箱", 254)]}
          >
            <Input maxLength={254} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Form>
      )}
    </SettingsSection>
  );
}
