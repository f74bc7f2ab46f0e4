import { Button, Form, Input } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import { maxLength } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { AdminFooterQuery, UpdateFooterMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";

interface Values {
  icpNumber: string;
  copyrightInfo: string;
}

/** 页脚: the filing number (linked to the national filing site on the home page) and the copyright text. */
export function FooterForm() {
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminFooterQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const [save, { loading: saving }] = useMutation(UpdateFooterMutation);

  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.footerLoad}
      onRetry={() => void refetch()}
    >
      {data && (
        <Form<Values>
          layout="vertical"
          initialValues={data.footer}
          style={{ maxWidth: 640 }}
          onFinish={(v) =>
            act(
              () =>
                save({
                  variables: { input: { icpNumber: v.icpNumber.trim(), copyrightInfo: v.copyrightInfo.trim() } },
                }),
              "页脚信息已保存",
              SETTINGS_TEXTS.footerSave,
            )
          }
        >
          <Form.Item
            name="icpNumber"
            label="备案号"
            extra="如 京ICP备12345678号，首页页脚链接到工信部备案网站"
            rules={[maxLength("备案号", 50)]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="copyrightInfo" label="版权信息" rules={[maxLength("版权信息", 200)]}>
            <Input maxLength={200} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Form>
      )}
    </SettingsSection>
  );
}
