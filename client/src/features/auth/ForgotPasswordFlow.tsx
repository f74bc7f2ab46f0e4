import { useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { Button, Input, Steps, Toast } from "antd-mobile";
import "../../shared/ui/antdMobileRender";
import { CheckCircleFill, MessageOutline } from "antd-mobile-icons";
import { accountErrorMessage, PASSWORD_MIN_LENGTH } from "./errors";
import { FormError } from "./FormError";
import {
  ForgotPasswordMutation,
  ResendResetCodeMutation,
  ResetPasswordMutation,
  VerifyResetCodeMutation,
} from "./operations";
import { PasswordInput } from "./PasswordInput";
import { useCountdown } from "./useCountdown";
import { UsernameInput } from "./UsernameInput";
import styles from "./auth.module.css";

const RESEND_SECONDS = 60;
const CODE_PATTERN = /^\d{6}$/;

type Step = "account" | "code" | "password" | "done";
const STEP_INDEX: Record<Step, number> = { account: 0, code: 1, password: 2, done: 3 };

/** Password reset by a 6-digit code sent by email: username, then code, then new password. */
export function ForgotPasswordFlow({ onDone }: { onDone: (username: string) => void }) {
  const [step, setStep] = useState<Step>("account");
  const [username, setUsername] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const countdown = useCountdown();
  const [sendCode, sending] = useMutation(ForgotPasswordMutation);
  const [resendCode, resending] = useMutation(ResendResetCodeMutation);
  const [verifyCode, verifying] = useMutation(VerifyResetCodeMutation);
  const [resetPassword, resetting] = useMutation(ResetPasswordMutation);

  /** Runs a step's call; a string result is a refusal to show, anything else moves on to `next`. */
  async function run(action: () => Promise<unknown>, next?: Step) {
    setError(null);
    try {
      const refusal = await action();
      if (typeof refusal === "string") return setError(refusal);
      if (next) setStep(next);
    } catch (e) {
      setError(accountErrorMessage(e));
    }
  }

  function submitAccount(e: FormEvent) {
    e.preventDefault();
    const name = username.trim();
    if (!name) return setError("请输入账号");
    void run(async () => {
      await sendCode({ variables: { username: name } });
      countdown.start(RESEND_SECONDS);
      Toast.show({ content: "验证码已发送至账号绑定的邮箱" });
    }, "code");
  }

  function resend() {
    void run(async () => {
      await resendCode({ variables: { username: username.trim() } });
      countdown.start(RESEND_SECONDS);
      Toast.show({ content: "验证码已重新发送" });
    });
  }

  function submitCode(e: FormEvent) {
    e.preventDefault();
    if (!CODE_PATTERN.test(code)) return setError("请输入6位数字验证码");
    void run(async () => {
      const { data } = await verifyCode({ variables: { username: username.trim(), code } });
      if (!data?.verifyResetCode) return "验证码错误或已过期";
    }, "password");
  }

  function submitPassword(e: FormEvent) {
    e.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH || password !== confirm) return setError("新密码至少6位，且两次输入一致");
    void run(() => resetPassword({ variables: { username: username.trim(), code, newPassword: password } }), "done");
  }

  return (
    <div>
      <Steps current={STEP_INDEX[step]} className={styles.steps}>
        <Steps.Step title="验证账号" />
        <Steps.Step title="输入验证码" />
        <Steps.Step title="重置密码" />
      </Steps>
      {step === "account" && (
        <form className={styles.form} onSubmit={submitAccount} noValidate>
          <p className={styles.hint}>输入账号后，我们会向账号绑定的邮箱发送 6 位验证码。</p>
          <UsernameInput value={username} onChange={setUsername} />
          <FormError message={error} />
          <Button
            block
            color="primary"
            type="submit"
            className={styles.submit}
            loading={sending.loading}
            loadingText="正在发送..."
          >
            发送验证码
          </Button>
        </form>
      )}
      {step === "code" && (
        <form className={styles.form} onSubmit={submitCode} noValidate>
          <p className={styles.hint}>验证码已发送，请查收邮件（账号：{username.trim()}）。</p>
          <div className={styles.codeRow}>
            <label className={styles.field}>
              <MessageOutline />
              <Input
                name="code"
                value={code}
                onChange={(v) => setCode(v.replace(/\D/g, "").slice(0, 6))}
                placeholder="6位验证码"
                inputMode="numeric"
                autoComplete="one-time-code"
              />
            </label>
            <Button
              className={styles.resend}
              disabled={countdown.left > 0}
              loading={resending.loading}
              onClick={resend}
            >
              {countdown.left > 0 ? `${countdown.left}s 后重发` : "重新发送"}
            </Button>
          </div>
          <FormError message={error} />
          <Button
            block
            color="primary"
            type="submit"
            className={styles.submit}
            loading={verifying.loading}
            loadingText="正在验证..."
          >
            下一步
          </Button>
        </form>
      )}
      {step === "password" && (
        <form className={styles.form} onSubmit={submitPassword} noValidate>
          <PasswordInput
            name="password"
            value={password}
            onChange={setPassword}
            placeholder="新密码（至少6位）"
            autoComplete="new-password"
          />
          <PasswordInput
            name="confirm"
            value={confirm}
            onChange={setConfirm}
            placeholder="再次输入新密码"
            autoComplete="new-password"
          />
          <FormError message={error} />
          <Button
            block
            color="primary"
            type="submit"
            className={styles.submit}
            loading={resetting.loading}
            loadingText="正在提交..."
          >
            重置密码
          </Button>
        </form>
      )}
      {step === "done" && (
        <div className={`${styles.form} ${styles.done}`}>
          <CheckCircleFill fontSize={52} color="var(--theme-primary, #1677ff)" />
          <p className={styles.hint}>密码已重置，请使用新密码登录。</p>
          <Button block color="primary" className={styles.submit} onClick={() => onDone(username.trim())}>
            去登录
          </Button>
        </div>
      )}
    </div>
  );
}
