import { P8KeysCard } from "../../features/admin/certificates/P8KeysCard";

/** /admin/p8-certificates: App Store Connect API keys. */
export default function P8CertificatesPage() {
  return <P8KeysCard />;
}
