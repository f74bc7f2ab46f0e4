import { Toast } from "antd-mobile";
import "../../shared/ui/antdMobileRender";

/** antd-mobile's Toast in a chunk of its own (see toast.ts). */
export default Toast;
