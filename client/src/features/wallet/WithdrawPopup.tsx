import { Popup } from "antd-mobile";
import { WithdrawSheet } from "./WithdrawSheet";
import { SHEET_BODY_STYLE } from "../../shared/ui/sheet";

/** 提现's sheet: its own chunk (the form and antd-mobile's Popup with its animation), loaded when first opened. */
export default function WithdrawPopup({
  visible,
  balance,
  onClose,
  onDone,
}: {
  visible: boolean;
  balance: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={SHEET_BODY_STYLE} destroyOnClose>
      <WithdrawSheet balance={balance} onClose={onClose} onDone={onDone} />
    </Popup>
  );
}
