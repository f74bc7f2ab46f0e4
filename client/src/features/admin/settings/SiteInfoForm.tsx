import { Button, Form, Input } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import { ImageUploadField } from "../common/ImageUploadField";
import { maxLength, required } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { AdminSiteInfoQuery, UpdateSiteInfoMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";
import { useFeedback } from "../shell/feedback";

interface Values {
  siteName: string;
  siteLogo: string;
  seoSubtitle: string;
  seoKeywords: string;
  seoDescription: string;
}

/** 站点信息: name, logo (uploaded at once through POST /api/settings/site/logo), SEO texts. */
export function SiteInfoForm() {
  const { message } = useFeedback();
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminSiteInfoQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const [save, { loading: saving }] = useMutation(UpdateSiteInfoMutation);

  async function submit(v: Values) {
    await act(
      () =>
        save({
          variables: {
            input: {
              siteName: v.siteName.trim(),
              siteLogo: v.siteLogo,
              seoSubtitle: v.seoSubtitle.trim(),
              seoKeywords: v.seoKeywords.trim(),
              seoDescription: v.seoDescription.trim(),
            },
          },
        }),
      "站点设置已保存",
      SETTINGS_TEXTS.siteSave,
    );
  }

  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.siteLoad}
      onRetry={() => void refetch()}
    >
      {data && (
        <Form<Values> layout="vertical" initialValues={data.siteInfo} onFinish={submit} style={{ maxWidth: 640 }}>
          <Form.Item name="siteName" label="站点名称" rules={[required("站点名称"), maxLength("站点名称", 50)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="siteLogo" label="站点Logo" extra="上传后立即生效；移除后点保存生效">
            <ImageUploadField
              endpoint="/api/settings/site/logo"
              field="logo"
              label="上传站点Logo"
              failedText={SETTINGS_TEXTS.upload}
              onUploaded={() => message.success("站点Logo已更新")}
            />
          </Form.Item>
          <Form.Item
            name="seoSubtitle"
            label="SEO副标题"
            extra="页面标题为「站点名称 - 副标题」"
            rules={[maxLength("SEO副标题", 100)]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="seoKeywords"
            label="SEO关键词"
            extra="多个关键词用英文逗号分隔"
            rules={[maxLength("SEO关键词", 200)]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="seoDescription" label="SEO描述" rules={[maxLength("SEO描述", 500)]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} showCount maxLength={500} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Form>
      )}
    </SettingsSection>
  );
}
