import { LegalDocument } from "../features/site/LegalDocument";

export default function AgreementPage() {
  return <LegalDocument kind="userAgreement" />;
}
