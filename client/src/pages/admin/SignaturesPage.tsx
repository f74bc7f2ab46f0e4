import { SigningOverview } from "../../features/admin/signing/SigningOverview";

export default function SignaturesPage() {
  return <SigningOverview />;
}
