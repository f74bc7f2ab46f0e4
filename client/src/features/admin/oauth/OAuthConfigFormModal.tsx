import { useState } from "react";
import { Form, Input, Select, Switch } from "antd";
import { FormModal } from "../common/FormModal";
import { maxLength, required } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { DEFAULTS, PROVIDER_LABELS, oauthConfigsApi, type OAuthConfigRow } from "./api";

interface Values {
  provider: "qq" | "apple";
  enabled: boolean;
  app_id: string;
  app_secret: string;
  scope: string;
  redirect_uri: string;
  base_url: string;
  sdk_url: string;
}

const urlRule = (label: string) => ({ type: "url" as const, message: `${label}须为 http(s) 地址` });

/**
 * 添加 / 编辑登录配置 (mounted while open). The secret is write-only: stored sealed, never shown; left empty on
 * edit, the stored one stays. Empty addresses mean the provider's real ones.
 */
export function OAuthConfigFormModal({
  config,
  free,
  onClose,
  onSaved,
}: {
  config: OAuthConfigRow | null;
  free: ("qq" | "apple")[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const act = useAdminAction();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const provider = Form.useWatch("provider", form) ?? config?.provider ?? free[0];
  const initial: Values = config
    ? {
        provider: config.provider,
        enabled: config.enabled,
        app_id: config.app_id,
        app_secret: "",
        scope: config.scope,
        redirect_uri: config.redirect_uri,
        base_url: config.base_url ?? "",
        sdk_url: config.sdk_url ?? "",
      }
    : {
        provider: free[0],
        enabled: true,
        app_id: "",
        app_secret: "",
        scope: "",
        redirect_uri: "",
        base_url: "",
        sdk_url: "",
      };

  async function submit(v: Values) {
    const input = {
      enabled: v.enabled,
      app_id: v.app_id.trim(),
      ...(v.app_secret.trim() ? { app_secret: v.app_secret.trim() } : {}),
      scope: v.scope.trim(),
      redirect_uri: v.redirect_uri.trim(),
      base_url: v.base_url.trim(),
      ...(v.provider === "apple" ? { sdk_url: v.sdk_url.trim() } : {}),
    };
    setSaving(true);
    const ok = await act(
      () =>
        config ? oauthConfigsApi.update(config.id, input) : oauthConfigsApi.create({ provider: v.provider, ...input }),
      config ? "登录配置已更新" : "登录配置已添加",
    );
    setSaving(false);
    if (ok) onSaved();
  }

  const qq = provider === "qq";
  return (
    <FormModal
      title={config ? "编辑登录配置" : "添加登录配置"}
      form={form}
      initialValues={initial}
      onFinish={submit}
      loading={saving}
      onClose={onClose}
    >
      <Form.Item name="provider" label="登录方式" rules={[{ required: true, message: "请选择登录方式" }]}>
        <Select
          disabled={!!config}
          options={(config ? [config.provider] : free).map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))}
        />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked" extra="启用后登录窗口显示该登录按钮">
        <Switch />
      </Form.Item>
      <Form.Item
        name="app_id"
        label={qq ? "APP ID" : "Services ID"}
        rules={[required(qq ? "APP ID" : "Services ID"), maxLength("应用标识", 128)]}
      >
        <Input maxLength={128} autoComplete="off" placeholder={qq ? "QQ 互联应用的 APP ID" : "如 com.example.web"} />
      </Form.Item>
      <Form.Item
        name="app_secret"
        label={qq ? "APP Key" : "密钥（可选）"}
        rules={qq && !config?.has_secret ? [required("APP Key")] : []}
        extra={config?.has_secret ? "已设置；加密保存且不会显示，留空则保留原密钥" : "加密保存，保存后不再显示"}
      >
        <Input.Password
          maxLength={4096}
          autoComplete="new-password"
          placeholder={config?.has_secret ? "留空则不修改" : ""}
        />
      </Form.Item>
      <Form.Item name="scope" label="授权范围" rules={[maxLength("授权范围", 255)]}>
        <Input maxLength={255} placeholder={`默认 ${DEFAULTS[provider].scope}`} />
      </Form.Item>
      <Form.Item
        name="redirect_uri"
        label="回调地址"
        rules={[urlRule("回调地址")]}
        extra="须与开放平台登记的一致；留空为本站 /oauth/callback"
      >
        <Input maxLength={500} inputMode="url" placeholder={`${location.origin}/oauth/callback`} />
      </Form.Item>
      <Form.Item name="base_url" label="接口地址" rules={[urlRule("接口地址")]} extra="留空为官方地址">
        <Input maxLength={500} inputMode="url" placeholder={DEFAULTS[provider].base} />
      </Form.Item>
      {!qq && (
        <Form.Item name="sdk_url" label="JS SDK 地址" rules={[urlRule("JS SDK 地址")]} extra="留空为 Apple 官方 SDK">
          <Input maxLength={500} inputMode="url" placeholder={DEFAULTS.apple.sdk} />
        </Form.Item>
      )}
    </FormModal>
  );
}
