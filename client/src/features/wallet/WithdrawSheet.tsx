import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { Button, Input, Selector } from "antd-mobile";
import type { ErrorCode } from "../../shared/errorCode";
import { formatPrice } from "../../shared/format";
import { errorCode, errorMessage } from "../../shared/graphqlError";
import { toast } from "../site/toast";
import { WITHDRAW_CHANNEL_LABELS } from "./labels";
import { RequestWithdrawalMutation } from "./operations";
import { checkWithdrawAmount, WITHDRAW_MAX, WITHDRAW_MAX_PENDING, WITHDRAW_MIN } from "./withdrawAmount";
import styles from "./withdraw.module.css";

type Field = "amount" | "channel" | "account" | "realName";
type Errors = Partial<Record<Field | "form", string>>;

const CHANNELS = Object.entries(WITHDRAW_CHANNEL_LABELS).map(([value, label]) => ({ value, label }));
const ACCOUNT_PLACEHOLDER: Record<string, string> = {
  alipay: "支付宝账号（手机号或邮箱）",
  wxpay: "微信号",
  bank: "银行卡号",
};

/** Which field a refusal of the server belongs under (the rest show above the button). */
const FIELD_OF: Partial<Record<ErrorCode, Field>> = {
  WITHDRAW_AMOUNT_INVALID: "amount",
  WALLET_INSUFFICIENT_BALANCE: "amount",
  WITHDRAW_CHANNEL_INVALID: "channel",
};

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className={styles.fieldError} role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * 申请提现: amount (全部 takes the whole balance), where to (支付宝 / 微信 / 银行卡), the account and the payee's real
 * name. The amount leaves the balance at once and stays frozen until an admin reviews the request.
 */
export function WithdrawSheet({
  balance,
  onClose,
  onDone,
}: {
  balance: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [amount, setAmount] = useState("");
  const [channel, setChannel] = useState("alipay");
  const [account, setAccount] = useState("");
  const [realName, setRealName] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [request, { loading }] = useMutation(RequestWithdrawalMutation);

  const edit = (field: Field, set: (v: string) => void) => (v: string) => {
    set(v);
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  async function submit() {
    const checked = checkWithdrawAmount(amount, balance);
    const found: Errors = {};
    if ("error" in checked) found.amount = checked.error;
    if (!account.trim()) found.account = "请填写收款账号";
    else if (account.trim().length < 3) found.account = "收款账号至少3个字符";
    if (!realName.trim()) found.realName = "请填写收款人真实姓名";
    else if (realName.trim().length < 2) found.realName = "真实姓名至少2个字";
    setErrors(found);
    if (Object.keys(found).length || "error" in checked) return;
    try {
      await request({
        variables: { input: { amount: checked.amount, channel, account: account.trim(), realName: realName.trim() } },
      });
      toast({ icon: "success", content: "提现申请已提交，等待审核" });
      onDone();
    } catch (e) {
      const field = FIELD_OF[errorCode(e) ?? ("" as ErrorCode)] ?? "form";
      setErrors({ [field]: errorMessage(e) });
    }
  }

  return (
    <form
      className={styles.sheet}
      role="dialog"
      aria-labelledby="withdraw-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="withdraw-title" className={styles.title}>
        申请提现
      </h2>
      <p className={styles.available}>
        可提现余额{" "}
        <strong data-testid="withdraw-available">{balance === null ? "…" : `¥${formatPrice(balance)}`}</strong>
      </p>

      <label className={styles.label} htmlFor="withdraw-amount">
        提现金额
      </label>
      <div className={`${styles.amountBox} ${errors.amount ? styles.invalid : ""}`}>
        <span className={styles.currency}>¥</span>
        <Input
          id="withdraw-amount"
          className={styles.amountInput}
          aria-describedby={errors.amount ? "withdraw-amount-error" : undefined}
          placeholder={`${WITHDRAW_MIN} - ${WITHDRAW_MAX.toLocaleString("en-US")}`}
          inputMode="decimal"
          value={amount}
          onChange={edit("amount", setAmount)}
        />
        <button
          type="button"
          className={styles.all}
          disabled={!balance}
          onClick={() => balance !== null && edit("amount", setAmount)(formatPrice(Math.min(balance, WITHDRAW_MAX)))}
        >
          全部
        </button>
      </div>
      <FieldError id="withdraw-amount-error" text={errors.amount} />

      <p className={styles.label} id="withdraw-channel-label">
        收款方式
      </p>
      <Selector
        aria-labelledby="withdraw-channel-label"
        className={styles.channels}
        columns={3}
        options={CHANNELS}
        value={[channel]}
        onChange={(v) => v.length && edit("channel", setChannel)(v[0])}
      />
      <FieldError id="withdraw-channel-error" text={errors.channel} />

      <label className={styles.label} htmlFor="withdraw-account">
        收款账号
      </label>
      <div className={`${styles.inputBox} ${errors.account ? styles.invalid : ""}`}>
        <Input
          id="withdraw-account"
          placeholder={ACCOUNT_PLACEHOLDER[channel]}
          autoComplete="off"
          maxLength={100}
          inputMode={channel === "bank" ? "numeric" : "text"}
          value={account}
          onChange={edit("account", setAccount)}
        />
      </div>
      <FieldError id="withdraw-account-error" text={errors.account} />

      <label className={styles.label} htmlFor="withdraw-name">
        真实姓名
      </label>
      <div className={`${styles.inputBox} ${errors.realName ? styles.invalid : ""}`}>
        <Input
          id="withdraw-name"
          placeholder="收款账户的实名"
          autoComplete="name"
          maxLength={50}
          value={realName}
          onChange={edit("realName", setRealName)}
        />
      </div>
      <FieldError id="withdraw-name-error" text={errors.realName} />

      <p className={styles.note}>
        提交后金额立即从余额中冻结，审核通过后打款至收款账号；驳回则退回余额。单次 {WITHDRAW_MIN} -{" "}
        {WITHDRAW_MAX.toLocaleString("en-US")} 元，最多 {WITHDRAW_MAX_PENDING} 笔待审核。
      </p>
      {errors.form && (
        <p className={styles.formError} role="alert">
          {errors.form}
        </p>
      )}
      <Button block color="primary" size="large" type="submit" loading={loading} disabled={balance === null}>
        提交申请
      </Button>
      <Button block fill="none" className={styles.cancel} onClick={onClose}>
        取消
      </Button>
    </form>
  );
}
