import { graphql } from "../../gql";

/** A certificate as the lists show it. */
graphql(`
  fragment CertificateCardFields on Certificate {
    id
    name
    commonName
    teamId
    teamName
    certType
    profileName
    profileType
    deviceCount
    allDevices
    expiresAt
    status
    checkedAt
    statusReason
    tempExpiresAt
    autoResign
  }
`);

export const MyCertificatesQuery = graphql(`
  query MyCertificates {
    myCertificates {
      ...CertificateCardFields
    }
  }
`);

export const CertificateDetailQuery = graphql(`
  query CertificateDetail($id: ID!) {
    certificate(id: $id) {
      ...CertificateCardFields
      serialNumber
      sha1
      notBefore
      notAfter
      profileUuid
      appId
      entitlements
      devices
      profileCreatedAt
      profileExpiresAt
      createdAt
    }
    myDevices {
      id
      udid
      product
      modelName
    }
  }
`);

export const DeleteCertificateMutation = graphql(`
  mutation DeleteCertificate($id: ID!) {
    deleteCertificate(id: $id)
  }
`);

export const MyTempCertificatesQuery = graphql(`
  query MyTempCertificates {
    myTempCertificates {
      ...CertificateCardFields
      sourceCertificateId
    }
    myCertificates {
      id
      name
      commonName
      expiresAt
      status
    }
    importableCertificateOrders {
      id
      orderNo
      certificateId
      name
    }
  }
`);

export const DeleteTempCertificateMutation = graphql(`
  mutation DeleteTempCertificate($id: ID!) {
    deleteTempCertificate(id: $id)
  }
`);

export const ImportTempCertificateMutation = graphql(`
  mutation ImportTempCertificate($certificateId: ID!, $days: Int) {
    importTempCertificateFromMain(certificateId: $certificateId, days: $days) {
      ...CertificateCardFields
      sourceCertificateId
    }
  }
`);

/** check-status: the worker checks the certificate (OCSP + profile); answers within a few seconds or "checking". */
export const CheckCertificateStatusMutation = graphql(`
  mutation CheckCertificateStatus($id: ID!) {
    checkCertificateStatus(id: $id) {
      id
      certificateId
      status
      reason
      finishedAt
    }
  }
`);

/** The caller's checks as they finish (a check that outlived the mutation's wait ends here). */
export const CertificateCheckedSubscription = graphql(`
  subscription CertificateChecked {
    certificateChecked {
      id
      certificateId
      status
      reason
      finishedAt
    }
  }
`);

/** 掉签后自动使用: marks (or clears) the one backup certificate that re-signs the user's apps after 掉签. */
export const SetCertificateAutoResignMutation = graphql(`
  mutation SetCertificateAutoResign($id: ID!, $enabled: Boolean!) {
    setCertificateAutoResign(id: $id, enabled: $enabled) {
      ...CertificateCardFields
    }
  }
`);
