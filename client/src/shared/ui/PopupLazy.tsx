import { Popup } from "antd-mobile";

/** antd-mobile's Popup in a chunk of its own (see BottomSheet). */
export default Popup;
