import { Toast } from "antd-mobile";

/** antd-mobile's Toast in a chunk of its own (see toast.ts). */
export default Toast;
