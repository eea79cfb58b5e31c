/// Built-in scenarios of the custom identity provider integration.
enum CustomIdentityProviderScenarios {
    static let files: [(name: String, text: String)] = [
        (
            "custom-idp-ios-apple-sso",
            """
            {
              "name": "custom-idp-ios-apple-sso",
              "description": "Own identity provider on iPhone: Apple's picker, the provider's sign-in, info, a second metadata request, translate; the tokens' entitlements let a title play.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "mvpd": "tvsim.aurora",
                "profileType": "appleSSO",
                "decisions": [
                  "permit deep-space"
                ],
                "steps": [
                  "3",
                  "4",
                  "4",
                  "5",
                  "5",
                  "6",
                  "P.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-system-signed-in",
            """
            {
              "name": "custom-idp-ios-system-signed-in",
              "description": "Own identity provider on iPhone, signed in at system level: single sign-on at launch with no UI.",
              "platform": "ios",
              "integration": "custom-idp",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo"
                }
              },
              "steps": [
                "launch",
                "play orbit-live"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "tvsim.aurora",
                "profileType": "appleSSO",
                "decisions": [
                  "permit orbit-live"
                ],
                "steps": [
                  "3",
                  "4",
                  "5",
                  "5",
                  "6",
                  "P.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-n003-other-provider",
            """
            {
              "name": "custom-idp-ios-n003-other-provider",
              "description": "“Other TV Provider” on iPhone: the app's own sign-in in a web view, then the code exchange.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "sign-in-as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003"
                ],
                "authenticated": true,
                "mvpd": "AlderCreek",
                "profileType": "regular",
                "decisions": [
                  "permit deep-space"
                ],
                "steps": [
                  "4",
                  "F.1",
                  "F.2",
                  "F.3",
                  "P.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-n004-picker-only",
            """
            {
              "name": "custom-idp-ios-n004-picker-only",
              "description": "A provider in Apple's picker without single sign-on on iPhone: N004, the app's own sign-in starts on that provider.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Bluebonnet Cable Co.",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N004"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-n005-cancel",
            """
            {
              "name": "custom-idp-ios-n005-cancel",
              "description": "Apple's picker cancelled on iPhone: N005, not signed in.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "cancel"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N005"
                ],
                "authenticated": false
              }
            }
            """
        ),
        (
            "custom-idp-ios-logout-vsa203",
            """
            {
              "name": "custom-idp-ios-logout-vsa203",
              "description": "Sign out after Apple SSO on iPhone: the tokens are forgotten and VSA203 says to sign out in Settings.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "sign-out",
                "ok"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "VSA203"
                ],
                "authenticated": false,
                "steps": [
                  "6",
                  "L.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-own-account-sign-out",
            """
            {
              "name": "custom-idp-ios-own-account-sign-out",
              "description": "Sign out after the app's own sign-in on iPhone: the tokens are forgotten, no VSA203.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "sign-in-as demo",
                "sign-out"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003"
                ],
                "authenticated": false,
                "steps": [
                  "F.3",
                  "L.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-apple-sso",
            """
            {
              "name": "custom-idp-tvos-apple-sso",
              "description": "Own identity provider on Apple TV: Apple's picker, the provider's sign-in, info, a second metadata request, translate; the tokens' entitlements let a title play.",
              "platform": "tvos",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "mvpd": "tvsim.aurora",
                "profileType": "appleSSO",
                "decisions": [
                  "permit deep-space"
                ],
                "steps": [
                  "3",
                  "4",
                  "4",
                  "5",
                  "5",
                  "6",
                  "P.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-system-signed-in",
            """
            {
              "name": "custom-idp-tvos-system-signed-in",
              "description": "Own identity provider on Apple TV, signed in at system level: single sign-on at launch with no UI.",
              "platform": "tvos",
              "integration": "custom-idp",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo"
                }
              },
              "steps": [
                "launch",
                "play orbit-live"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "tvsim.aurora",
                "profileType": "appleSSO",
                "decisions": [
                  "permit orbit-live"
                ],
                "steps": [
                  "3",
                  "4",
                  "5",
                  "5",
                  "6",
                  "P.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-n003-other-provider",
            """
            {
              "name": "custom-idp-tvos-n003-other-provider",
              "description": "“Other TV Provider” on Apple TV: the app's own sign-in with a device code, completed on a phone.",
              "platform": "tvos",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "complete-second-screen as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "AlderCreek",
                "profileType": "regular",
                "decisions": [
                  "permit deep-space"
                ],
                "steps": [
                  "4",
                  "F.1",
                  "F.2",
                  "F.3",
                  "P.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-n004-picker-only",
            """
            {
              "name": "custom-idp-tvos-n004-picker-only",
              "description": "A provider in Apple's picker without single sign-on on Apple TV: N004, the app's own sign-in starts on that provider.",
              "platform": "tvos",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Bluebonnet Cable Co.",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N004",
                  "REGCODE"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-n005-cancel",
            """
            {
              "name": "custom-idp-tvos-n005-cancel",
              "description": "Apple's picker cancelled on Apple TV: N005, not signed in.",
              "platform": "tvos",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "cancel"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N005"
                ],
                "authenticated": false
              }
            }
            """
        ),
        (
            "custom-idp-tvos-logout-vsa203",
            """
            {
              "name": "custom-idp-tvos-logout-vsa203",
              "description": "Sign out after Apple SSO on Apple TV: the tokens are forgotten and VSA203 says to sign out in Settings.",
              "platform": "tvos",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "sign-out",
                "ok"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "VSA203"
                ],
                "authenticated": false,
                "steps": [
                  "6",
                  "L.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-own-account-sign-out",
            """
            {
              "name": "custom-idp-tvos-own-account-sign-out",
              "description": "Sign out after the app's own sign-in on Apple TV: the tokens are forgotten, no VSA203.",
              "platform": "tvos",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "complete-second-screen as demo",
                "sign-out"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003",
                  "REGCODE"
                ],
                "authenticated": false,
                "steps": [
                  "F.3",
                  "L.1"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-vsa403-denied",
            """
            {
              "name": "custom-idp-ios-vsa403-denied",
              "description": "Access denied in the permission alert: VSA403, then the app's own sign-in in a web view.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "deny",
                "sign-in",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "VSA403",
                  "N000",
                  "VSA403"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "3",
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-vsa403-restricted",
            """
            {
              "name": "custom-idp-tvos-vsa403-restricted",
              "description": "Restrictions forbid TV Provider access on Apple TV: VSA403 without an alert, then a device code.",
              "platform": "tvos",
              "integration": "custom-idp",
              "device": {
                "restricted": true
              },
              "steps": [
                "launch",
                "sign-in",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "VSA403",
                  "N000",
                  "VSA403",
                  "REGCODE"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-vsa404-dismissed",
            """
            {
              "name": "custom-idp-ios-vsa404-dismissed",
              "description": "The permission alert is dismissed twice: VSA404, then the app's own sign-in.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "dismiss",
                "sign-in",
                "dismiss",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "VSA404",
                  "N000",
                  "VSA404"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-vsa404-not-allowed",
            """
            {
              "name": "custom-idp-tvos-vsa404-not-allowed",
              "description": "An app that never lets the framework prompt stays undetermined: VSA404 and a device code.",
              "platform": "tvos",
              "integration": "custom-idp",
              "app": {
                "asksPermission": false
              },
              "steps": [
                "launch",
                "sign-in",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "VSA404",
                  "N000",
                  "VSA404",
                  "REGCODE"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-vsa503-provider-down",
            """
            {
              "name": "custom-idp-ios-vsa503-provider-down",
              "description": "The provider's sign-in does not respond: VSA503, then the app's own sign-in.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Driftwood Cable",
                "sign-in-as demo",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "VSA503"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-vsa503-provider-down",
            """
            {
              "name": "custom-idp-tvos-vsa503-provider-down",
              "description": "The provider's sign-in does not respond on Apple TV: VSA503, then a device code.",
              "platform": "tvos",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Driftwood Cable",
                "sign-in-as demo",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "VSA503",
                  "REGCODE"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-appl-error-verification-token",
            """
            {
              "name": "custom-idp-ios-appl-error-verification-token",
              "description": "The provider rejects the identity provider's verificationToken in the second metadata request: APPL_ERROR, then the own sign-in.",
              "platform": "ios",
              "integration": "custom-idp",
              "faults": [
                {
                  "route": "idp.vsa.attributes",
                  "kind": "status",
                  "status": 400,
                  "code": "invalid_verification_token"
                }
              ],
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "APPL_ERROR"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "5",
                  "5",
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-unknown-provider",
            """
            {
              "name": "custom-idp-ios-unknown-provider",
              "description": "A requestor without single sign-on: the info endpoint answers unknown_provider, the own sign-in starts on the chosen provider.",
              "platform": "ios",
              "integration": "custom-idp",
              "requestor": "ORBITLITE",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "mvpd": "tvsim.aurora",
                "profileType": "regular",
                "steps": [
                  "5",
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-unknown-provider",
            """
            {
              "name": "custom-idp-tvos-unknown-provider",
              "description": "Signed in at system level to a provider the app has no integration with: quiet at launch, a device code on sign-in.",
              "platform": "tvos",
              "integration": "custom-idp",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.ironwood",
                  "persona": "demo"
                }
              },
              "steps": [
                "launch",
                "sign-in",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "REGCODE"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "5",
                  "5",
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-invalid-saml",
            """
            {
              "name": "custom-idp-ios-invalid-saml",
              "description": "The translate endpoint refuses the SAML response (invalid_saml): the app's own sign-in instead.",
              "platform": "ios",
              "integration": "custom-idp",
              "faults": [
                {
                  "route": "custom.translate",
                  "kind": "status",
                  "status": 401,
                  "code": "invalid_saml"
                }
              ],
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "6",
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-not-entitled",
            """
            {
              "name": "custom-idp-tvos-not-entitled",
              "description": "The translate endpoint answers not_entitled on Apple TV: a device code is offered, and the user closes it (N005).",
              "platform": "tvos",
              "integration": "custom-idp",
              "faults": [
                {
                  "route": "custom.translate",
                  "kind": "status",
                  "status": 403,
                  "code": "not_entitled"
                }
              ],
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "cancel"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "REGCODE",
                  "N005"
                ],
                "authenticated": false,
                "steps": [
                  "6",
                  "F.1",
                  "F.2"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-title-not-entitled",
            """
            {
              "name": "custom-idp-ios-title-not-entitled",
              "description": "A subscriber whose tokens lack a title: the app refuses it itself (Z100) and plays one that is included.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as basic",
                "play orbit-sports",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "Z100"
                ],
                "authenticated": true,
                "decisions": [
                  "deny orbit-sports not_entitled",
                  "permit deep-space"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-title-not-entitled",
            """
            {
              "name": "custom-idp-tvos-title-not-entitled",
              "description": "Parental limits leave a title out of the tokens on Apple TV: the app refuses it (Z100).",
              "platform": "tvos",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as family",
                "play midnight-run"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "Z100"
                ],
                "authenticated": true,
                "decisions": [
                  "deny midnight-run not_entitled"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-wrong-password",
            """
            {
              "name": "custom-idp-ios-wrong-password",
              "description": "A wrong password on the app's own sign-in page, then the right one.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "sign-in-as demo password nope",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.1",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-ios-sign-in-page-closed",
            """
            {
              "name": "custom-idp-ios-sign-in-page-closed",
              "description": "The app's own sign-in page is closed: N005, not signed in.",
              "platform": "ios",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "cancel"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003",
                  "N005"
                ],
                "authenticated": false
              }
            }
            """
        ),
        (
            "custom-idp-tvos-code-expiry",
            """
            {
              "name": "custom-idp-tvos-code-expiry",
              "description": "The device code expires after 30 minutes: polling stops, a new code, then sign-in on a phone.",
              "platform": "tvos",
              "integration": "custom-idp",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "wait 31m",
                "new-code",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003",
                  "REGCODE",
                  "REGCODE"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.2",
                  "F.3",
                  "F.2",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-polling-slow-down",
            """
            {
              "name": "custom-idp-tvos-polling-slow-down",
              "description": "The token endpoint answers 429 (Retry-After 8 s), then slow_down (5 s more between polls from then on), then authorization_pending until the user signs in on a phone.",
              "platform": "tvos",
              "integration": "custom-idp",
              "faults": [
                {
                  "route": "custom.token",
                  "kind": "throttle",
                  "retryAfterSeconds": 8,
                  "times": 1
                },
                {
                  "route": "custom.token",
                  "kind": "status",
                  "status": 400,
                  "code": "slow_down",
                  "times": 1
                }
              ],
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "wait 30s",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003",
                  "REGCODE"
                ],
                "authenticated": true,
                "profileType": "regular",
                "steps": [
                  "F.2",
                  "F.3",
                  "F.3",
                  "F.3"
                ]
              }
            }
            """
        ),
        (
            "custom-idp-tvos-appl-error-verification-token",
            """
            {
              "name": "custom-idp-tvos-appl-error-verification-token",
              "description": "Own identity provider on Apple TV: the TV provider rejects the second metadata request's verificationToken: APPL_ERROR, then the app's own sign-in with a device code.",
              "platform": "tvos",
              "integration": "custom-idp",
              "faults": [
                {
                  "route": "idp.vsa.attributes",
                  "kind": "status",
                  "status": 400,
                  "code": "invalid_verification_token"
                }
              ],
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "APPL_ERROR",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "AlderCreek",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "custom-idp-tvos-single-provider",
            """
            {
              "name": "custom-idp-tvos-single-provider",
              "description": "Own identity provider on Apple TV that supports one TV provider: no list, straight to its sign-in (seed 003, step 4).",
              "platform": "tvos",
              "integration": "custom-idp",
              "app": {
                "supportedProviders": [
                  "tvsim.aurora"
                ]
              },
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "mvpd": "tvsim.aurora",
                "profileType": "appleSSO",
                "steps": [
                  "1",
                  "3",
                  "4",
                  "4",
                  "5",
                  "5",
                  "6"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "custom-idp-tvos-missing-usage-description",
            """
            {
              "name": "custom-idp-tvos-missing-usage-description",
              "description": "Own identity provider on Apple TV, Info.plist without NSVideoSubscriberAccountUsageDescription: step 1 says so at launch, and the framework's first call crashes the app.",
              "platform": "tvos",
              "integration": "custom-idp",
              "app": {
                "usageDescription": ""
              },
              "steps": [
                "launch"
              ],
              "expect": {
                "codes": [],
                "authenticated": false,
                "crash": true,
                "steps": [
                  "1",
                  "3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "custom-idp-ios-single-provider",
            """
            {
              "name": "custom-idp-ios-single-provider",
              "description": "Own identity provider that supports one TV provider: supportedAccountProviderIdentifiers with a single id skips the list and goes straight to its sign-in (seed 003, step 4).",
              "platform": "ios",
              "integration": "custom-idp",
              "app": {
                "supportedProviders": [
                  "tvsim.aurora"
                ]
              },
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "sign-in-as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "mvpd": "tvsim.aurora",
                "profileType": "appleSSO",
                "decisions": [
                  "permit deep-space"
                ],
                "steps": [
                  "1",
                  "3",
                  "4",
                  "4",
                  "5",
                  "5",
                  "6",
                  "P.1"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "custom-idp-ios-missing-entitlement",
            """
            {
              "name": "custom-idp-ios-missing-entitlement",
              "description": "Own identity provider, the provisioning profile without com.apple.developer.video-subscriber-single-sign-on: step 1 says so at launch, the framework refuses the app (VSA403), and sign-in goes to the app's own account.",
              "platform": "ios",
              "integration": "custom-idp",
              "app": {
                "singleSignOnEntitlement": false
              },
              "steps": [
                "launch",
                "sign-in",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "VSA403",
                  "N000",
                  "VSA403"
                ],
                "authenticated": true,
                "mvpd": "AlderCreek",
                "profileType": "regular",
                "steps": [
                  "1",
                  "3",
                  "3",
                  "F.1",
                  "F.2",
                  "F.3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "custom-idp-ios-declined-provider",
            """
            {
              "name": "custom-idp-ios-declined-provider",
              "description": "Own identity provider whose shouldAuthenticateAccountProviderWithIdentifier refuses Aurora Cable (an outage): picking it fails with unsupportedProvider and its id (N004), and the app's own sign-in starts on that provider.",
              "platform": "ios",
              "integration": "custom-idp",
              "app": {
                "declinedProviders": [
                  "tvsim.aurora"
                ]
              },
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N004"
                ],
                "authenticated": true,
                "mvpd": "tvsim.aurora",
                "profileType": "regular",
                "steps": [
                  "1",
                  "3",
                  "4",
                  "4",
                  "F.1",
                  "F.2",
                  "F.3"
                ],
                "exact": true
              }
            }
            """
        ),
    ]
}
