import { Button } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import type { AdminSiteInfoQuery as SiteInfo } from "../../../gql/graphql";
import { Field, Form, TextInput } from "../common/fields";
import { ImageUploadField } from "../common/ImageUploadField";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { AdminSiteInfoQuery, UpdateSiteInfoMutation } from "./operations";
import { CountedTextArea } from "./CountedTextArea";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";
import { useFeedback } from "../shell/feedback";

type Values = SiteInfo["siteInfo"];

/** 站点信息: name, logo (uploaded at once through POST /api/settings/site/logo), SEO texts. */
export function SiteInfoForm() {
  const { data, loading, error, refetch } = useQuery(AdminSiteInfoQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.siteLoad}
      onRetry={() => void refetch()}
    >
      {data && <SiteInfoFields s={data.siteInfo} />}
    </SettingsSection>
  );
}

/** The form in plain elements (fields.tsx): it is the page's content. */
function SiteInfoFields({ s }: { s: SiteInfo["siteInfo"] }) {
  const { message } = useFeedback();
  const act = useAdminAction();
  const [save, { loading: saving }] = useMutation(UpdateSiteInfoMutation);
  const {
    values: v,
    set,
    errors,
    check,
  } = useFormState<Values>({
    siteName: s.siteName,
    siteLogo: s.siteLogo,
    seoSubtitle: s.seoSubtitle,
    seoKeywords: s.seoKeywords,
    seoDescription: s.seoDescription,
  });

  function submit() {
    if (!check({ siteName: v.siteName.trim() ? undefined : "请填写站点名称" })) return;
    void act(
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
    <Form style={{ maxWidth: 640 }} onSubmit={submit}>
      <Field label="站点名称" required error={errors.siteName}>
        {(id) => (
          <TextInput id={id} maxLength={50} value={v.siteName} onChange={(e) => set({ siteName: e.target.value })} />
        )}
      </Field>
      <Field label="站点Logo" help="上传后立即生效；移除后点保存生效">
        {() => (
          <ImageUploadField
            value={v.siteLogo}
            onChange={(siteLogo) => set({ siteLogo })}
            endpoint="/api/settings/site/logo"
            field="logo"
            label="上传站点Logo"
            failedText={SETTINGS_TEXTS.upload}
            onUploaded={() => message.success("站点Logo已更新")}
          />
        )}
      </Field>
      <Field label="SEO副标题" help="页面标题为「站点名称 - 副标题」">
        {(id) => (
          <TextInput
            id={id}
            maxLength={100}
            value={v.seoSubtitle}
            onChange={(e) => set({ seoSubtitle: e.target.value })}
          />
        )}
      </Field>
      <Field label="SEO关键词" help="多个关键词用英文逗号分隔">
        {(id) => (
          <TextInput
            id={id}
            maxLength={200}
            value={v.seoKeywords}
            onChange={(e) => set({ seoKeywords: e.target.value })}
          />
        )}
      </Field>
      <Field label="SEO描述">
        {(id) => (
          <CountedTextArea
            id={id}
            minRows={3}
            maxRows={8}
            maxLength={500}
            value={v.seoDescription}
            onChange={(e) => set({ seoDescription: e.target.value })}
          />
        )}
      </Field>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
