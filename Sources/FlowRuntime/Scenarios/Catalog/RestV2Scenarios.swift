/// Built-in scenarios of the REST API V2 integration.
enum RestV2Scenarios {
    static let files: [(name: String, text: String)] = [
        (
            "rest-v2-ios-apple-sso",
            """
            {
              "name": "rest-v2-ios-apple-sso",
              "description": "Apple SSO happy path on iPhone: allow access, pick a provider in Apple's picker, sign in, play.",
              "platform": "ios",
              "integration": "rest-v2",
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
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "decisions": [
                  "permit deep-space"
                ],
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.3",
                  "C.1",
                  "C.3",
                  "C.5",
                  "C.10",
                  "C.12",
                  "D.1",
                  "D.3",
                  "D.5",
                  "D.7"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-ios-system-signed-in",
            """
            {
              "name": "rest-v2-ios-system-signed-in",
              "description": "Already signed in to the TV provider at system level on iPhone: single sign-on with no UI at all.",
              "platform": "ios",
              "integration": "rest-v2",
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
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "decisions": [
                  "permit orbit-live"
                ],
                "steps": [
                  "B.1",
                  "B.3",
                  "B.6",
                  "C.1",
                  "C.5",
                  "C.10",
                  "C.12"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-tvos-apple-sso",
            """
            {
              "name": "rest-v2-tvos-apple-sso",
              "description": "Apple SSO happy path on Apple TV: allow access, pick a provider in Apple's picker, sign in, play.",
              "platform": "tvos",
              "integration": "rest-v2",
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
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "decisions": [
                  "permit deep-space"
                ],
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.3",
                  "C.1",
                  "C.3",
                  "C.5",
                  "C.10",
                  "C.12",
                  "D.1",
                  "D.3",
                  "D.5",
                  "D.7"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-tvos-system-signed-in",
            """
            {
              "name": "rest-v2-tvos-system-signed-in",
              "description": "Already signed in to the TV provider at system level on Apple TV: single sign-on with no UI at all.",
              "platform": "tvos",
              "integration": "rest-v2",
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
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "decisions": [
                  "permit orbit-live"
                ],
                "steps": [
                  "B.1",
                  "B.3",
                  "B.6",
                  "C.1",
                  "C.5",
                  "C.10",
                  "C.12"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-ios-vsa403-denied",
            """
            {
              "name": "rest-v2-ios-vsa403-denied",
              "description": "Access denied in the permission alert: VSA403, then the app's own picker and web login.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "deny",
                "sign-in",
                "choose Cascade",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "VSA403",
                  "N000",
                  "VSA403"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "steps": [
                  "B.1",
                  "C.1",
                  "BA.0",
                  "BA.1",
                  "BA.2",
                  "BA.3"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-tvos-vsa403-restricted",
            """
            {
              "name": "rest-v2-tvos-vsa403-restricted",
              "description": "Restrictions forbid TV Provider access on Apple TV: VSA403 without an alert, then a registration code.",
              "platform": "tvos",
              "integration": "rest-v2",
              "device": {
                "restricted": true
              },
              "steps": [
                "launch",
                "sign-in",
                "choose Keystone",
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
                "mvpd": "Keystone",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-ios-vsa404-dismissed",
            """
            {
              "name": "rest-v2-ios-vsa404-dismissed",
              "description": "The permission alert is dismissed twice: VSA404, the app's picker, then cancelled (N005).",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "dismiss",
                "sign-in",
                "dismiss",
                "cancel"
              ],
              "expect": {
                "codes": [
                  "VSA404",
                  "N000",
                  "VSA404",
                  "N005"
                ],
                "authenticated": false
              }
            }
            """
        ),
        (
            "rest-v2-tvos-vsa404-not-allowed",
            """
            {
              "name": "rest-v2-tvos-vsa404-not-allowed",
              "description": "An app that never lets the framework prompt stays undetermined: VSA404 and the regular flow.",
              "platform": "tvos",
              "integration": "rest-v2",
              "app": {
                "asksPermission": false
              },
              "steps": [
                "launch",
                "sign-in",
                "choose Evergreen",
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
                "mvpd": "Evergreen",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-ios-vsa503-provider-down",
            """
            {
              "name": "rest-v2-ios-vsa503-provider-down",
              "description": "The provider's sign-in does not respond: VSA503, then the app's picker.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Driftwood Cable",
                "sign-in-as demo",
                "choose Cascade",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "VSA503"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-ios-appl-error-verification-token",
            """
            {
              "name": "rest-v2-ios-appl-error-verification-token",
              "description": "The provider rejects the verification token: APPL_ERROR, then the app's picker.",
              "platform": "ios",
              "integration": "rest-v2",
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
                "choose Cascade",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "APPL_ERROR"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-ios-n003-web-login",
            """
            {
              "name": "rest-v2-ios-n003-web-login",
              "description": "“Other TV Provider” on iPhone: the app's picker and the MVPD's web login.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
                "sign-in-as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "decisions": [
                  "permit deep-space"
                ],
                "steps": [
                  "C.3",
                  "BA.0",
                  "BA.1",
                  "BA.2",
                  "BA.3",
                  "D.3",
                  "D.7"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-tvos-n003-second-screen",
            """
            {
              "name": "rest-v2-tvos-n003-second-screen",
              "description": "“Other TV Provider” on Apple TV: the app's picker, a registration code, sign-in on a phone.",
              "platform": "tvos",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "steps": [
                  "C.3",
                  "BA.0",
                  "BA.1",
                  "BA.2",
                  "BA.3"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-ios-n004-integration-disabled",
            """
            {
              "name": "rest-v2-ios-n004-integration-disabled",
              "description": "Signed in at system level with a provider this app has no integration with: N004 and the app's picker.",
              "platform": "ios",
              "integration": "rest-v2",
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
                "choose Cascade",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N004"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-tvos-n004-picker-only",
            """
            {
              "name": "rest-v2-tvos-n004-picker-only",
              "description": "A provider listed in Apple's picker without single sign-on: N004, straight to its login by code.",
              "platform": "tvos",
              "integration": "rest-v2",
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
                "mvpd": "Bluebonnet",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-ios-n004-picker-only",
            """
            {
              "name": "rest-v2-ios-n004-picker-only",
              "description": "A provider in Apple's picker without single sign-on on iPhone: N004, straight to its web login.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Señal Norte TV",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N004"
                ],
                "authenticated": true,
                "mvpd": "SenalNorte",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-ios-n005-apple-picker",
            """
            {
              "name": "rest-v2-ios-n005-apple-picker",
              "description": "Apple's picker is cancelled: N005, not authenticated.",
              "platform": "ios",
              "integration": "rest-v2",
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
            "rest-v2-tvos-n005-app-picker",
            """
            {
              "name": "rest-v2-tvos-n005-app-picker",
              "description": "“Other TV Provider”, then the app's own picker is cancelled: N003, N005.",
              "platform": "tvos",
              "integration": "rest-v2",
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
            "rest-v2-ios-degraded",
            """
            {
              "name": "rest-v2-ios-degraded",
              "description": "A degraded provider (AuthNAll): Adobe authenticates without the MVPD and permits by degradation.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Thunder Bay Cable",
                "sign-in-as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N010"
                ],
                "authenticated": true,
                "mvpd": "ThunderBay",
                "profileType": "degraded",
                "decisions": [
                  "permit deep-space"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-ios-sso-disabled-requestor",
            """
            {
              "name": "rest-v2-ios-sso-disabled-requestor",
              "description": "Partner SSO switched off for the requestor: configuration_fallback to the MVPD's web login.",
              "platform": "ios",
              "integration": "rest-v2",
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
                "mvpd": "AuroraCable",
                "profileType": "regular",
                "steps": [
                  "C.5",
                  "C.8",
                  "BA.2",
                  "BA.3"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-tvos-sso-disabled-integration",
            """
            {
              "name": "rest-v2-tvos-sso-disabled-integration",
              "description": "Single sign-on disabled on one integration: configuration_fallback to a registration code.",
              "platform": "tvos",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Juniper Wireless TV",
                "sign-in-as demo",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Juniper",
                "profileType": "regular",
                "steps": [
                  "C.5",
                  "C.8",
                  "BA.2",
                  "BA.3"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-ios-expired-apple-sign-in",
            """
            {
              "name": "rest-v2-ios-expired-apple-sign-in",
              "description": "The system sign-in has expired: the framework reports it with its past date, B.2 rejects it, the app sends no provider and does not try single sign-on; Apple's picker asks again.",
              "platform": "ios",
              "integration": "rest-v2",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo",
                  "expiresIn": -60
                }
              },
              "steps": [
                "launch",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "profileType": "appleSSO",
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.2",
                  "B.3",
                  "C.1",
                  "C.3",
                  "C.4",
                  "C.5",
                  "C.10",
                  "C.11",
                  "C.12",
                  "D.1",
                  "D.2",
                  "D.3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v2-ios-expired-adobe-profile",
            """
            {
              "name": "rest-v2-ios-expired-adobe-profile",
              "description": "The Adobe profile expires: the next play is denied, and signing in again needs no UI.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "expire-adobe-profiles",
                "play deep-space",
                "sign-in",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "Z100",
                  "N000"
                ],
                "authenticated": true,
                "profileType": "appleSSO",
                "decisions": [
                  "deny deep-space authenticated_profile_expired",
                  "permit deep-space"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-ios-wrong-password",
            """
            {
              "name": "rest-v2-ios-wrong-password",
              "description": "A wrong password in the provider sign-in, then the right one.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo password nope",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "profileType": "appleSSO"
              }
            }
            """
        ),
        (
            "rest-v2-ios-wrong-password-web",
            """
            {
              "name": "rest-v2-ios-wrong-password-web",
              "description": "A wrong password on the MVPD's web login page, then the right one.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
                "sign-in-as demo password nope",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-ios-denied-no-package",
            """
            {
              "name": "rest-v2-ios-denied-no-package",
              "description": "Authorization denied: the subscriber's package lacks the title (Z100).",
              "platform": "ios",
              "integration": "rest-v2",
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
                  "deny orbit-sports authorization_denied_by_mvpd",
                  "permit deep-space"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-tvos-denied-parental",
            """
            {
              "name": "rest-v2-tvos-denied-parental",
              "description": "Authorization denied by parental controls on Apple TV (Z100).",
              "platform": "tvos",
              "integration": "rest-v2",
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
                  "deny midnight-run authorization_denied_by_parental_controls"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-ios-media-token-expiry",
            """
            {
              "name": "rest-v2-ios-media-token-expiry",
              "description": "The 7-minute media token expires: the next play asks for a new decision.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "play deep-space",
                "wait 8m",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "decisions": [
                  "permit deep-space",
                  "permit deep-space"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-tvos-code-expiry",
            """
            {
              "name": "rest-v2-tvos-code-expiry",
              "description": "The registration code expires after 30 minutes; a new code, then sign-in on a phone.",
              "platform": "tvos",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
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
                "mvpd": "Cascade"
              }
            }
            """
        ),
        (
            "rest-v2-tvos-polling-throttled",
            """
            {
              "name": "rest-v2-tvos-polling-throttled",
              "description": "Polling is answered with 429: the app waits Retry-After and keeps polling.",
              "platform": "tvos",
              "integration": "rest-v2",
              "faults": [
                {
                  "route": "profiles.code",
                  "kind": "throttle",
                  "retryAfterSeconds": 6,
                  "times": 2
                }
              ],
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N003",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Cascade"
              }
            }
            """
        ),
        (
            "rest-v2-ios-configuration-5xx",
            """
            {
              "name": "rest-v2-ios-configuration-5xx",
              "description": "The configuration answers 503: CFG503 and no sign-in.",
              "platform": "ios",
              "integration": "rest-v2",
              "faults": [
                {
                  "route": "configuration",
                  "kind": "status",
                  "status": 503,
                  "code": "network_connection_timeout"
                }
              ],
              "steps": [
                "launch",
                "allow",
                "sign-in"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "CFG503"
                ],
                "authenticated": false
              }
            }
            """
        ),
        (
            "rest-v2-ios-slow-configuration",
            """
            {
              "name": "rest-v2-ios-slow-configuration",
              "description": "The configuration answers after 3 seconds (a latency fault): sign-in still completes.",
              "platform": "ios",
              "integration": "rest-v2",
              "faults": [
                {
                  "route": "configuration",
                  "kind": "latency",
                  "latencyMilliseconds": 3000
                }
              ],
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "profileType": "appleSSO"
              }
            }
            """
        ),
        (
            "rest-v2-ios-network-fault-sign-in",
            """
            {
              "name": "rest-v2-ios-network-fault-sign-in",
              "description": "The connection drops during the provider sign-in: VSA503 and the app's picker.",
              "platform": "ios",
              "integration": "rest-v2",
              "faults": [
                {
                  "route": "idp.vsa.signin",
                  "kind": "reset",
                  "times": 1
                }
              ],
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "choose Meridian",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "VSA503"
                ],
                "authenticated": true,
                "mvpd": "Meridian",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-ios-logout-vsa203",
            """
            {
              "name": "rest-v2-ios-logout-vsa203",
              "description": "Sign out after Apple SSO on iPhone: partner_logout, VSA203, sign out in Settings.",
              "platform": "ios",
              "integration": "rest-v2",
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
                  "E.1",
                  "E.2"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-tvos-logout-vsa203",
            """
            {
              "name": "rest-v2-tvos-logout-vsa203",
              "description": "Sign out after Apple SSO on Apple TV: VSA203, sign out in Settings → Accounts → TV Provider.",
              "platform": "tvos",
              "integration": "rest-v2",
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
                "authenticated": false
              }
            }
            """
        ),
        (
            "rest-v2-ios-regular-logout",
            """
            {
              "name": "rest-v2-ios-regular-logout",
              "description": "Regular logout after a web login: the MVPD logout page in a hidden web view.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
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
                  "E.1",
                  "E.2"
                ]
              }
            }
            """
        ),
        (
            "rest-v2-ios-missing-usage-description",
            """
            {
              "name": "rest-v2-ios-missing-usage-description",
              "description": "The app has no NSVideoSubscriberAccountUsageDescription: the framework crashes it.",
              "platform": "ios",
              "integration": "rest-v2",
              "app": {
                "usageDescription": ""
              },
              "steps": [
                "launch"
              ],
              "expect": {
                "codes": [],
                "crash": true
              }
            }
            """
        ),
        (
            "rest-v2-ios-settings-sign-out",
            """
            {
              "name": "rest-v2-ios-settings-sign-out",
              "description": "After Apple SSO the user removes the TV provider in Settings: the next play refreshes the partner status (D.5), D.6 finds no provider, and the Apple SSO profile is not used: the user signs in again.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "settings remove-provider",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N000"
                ],
                "authenticated": false,
                "decisions": [],
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.2",
                  "B.3",
                  "C.1",
                  "C.3",
                  "C.4",
                  "C.5",
                  "C.10",
                  "C.11",
                  "C.12",
                  "D.1",
                  "D.2",
                  "D.3",
                  "D.5",
                  "D.6"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v2-ios-access-token-renewal",
            """
            {
              "name": "rest-v2-ios-access-token-renewal",
              "description": "The access token lasts six hours: a play seven hours after sign-in first renews it (A.3, with the same client credentials), then authorizes.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "wait 7h",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "decisions": [
                  "permit deep-space"
                ],
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.2",
                  "B.3",
                  "C.1",
                  "C.3",
                  "C.4",
                  "C.5",
                  "C.10",
                  "C.11",
                  "C.12",
                  "D.1",
                  "D.2",
                  "D.3",
                  "A.3",
                  "D.5",
                  "D.6",
                  "D.7"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v2-ios-foreground-permission-withdrawn",
            """
            {
              "name": "rest-v2-ios-foreground-permission-withdrawn",
              "description": "Signed in through Apple SSO, the user withdraws the app's TV Provider permission in Settings and returns: the foreground check (B.1) raises VSA403, and the next play's D.6 does not use the Apple SSO profile.",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "settings permission denied",
                "foreground",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "VSA403",
                  "N000"
                ],
                "authenticated": false,
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.2",
                  "B.3",
                  "C.1",
                  "C.3",
                  "C.4",
                  "C.5",
                  "C.10",
                  "C.11",
                  "C.12",
                  "D.1",
                  "D.2",
                  "D.3",
                  "B.1",
                  "B.2",
                  "D.5",
                  "D.6"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v2-tvos-expired-apple-sign-in",
            """
            {
              "name": "rest-v2-tvos-expired-apple-sign-in",
              "description": "Apple TV with an expired system sign-in: the framework reports it with its date, B.2 rejects it, the app sends no provider and does not try single sign-on; Apple's picker asks again.",
              "platform": "tvos",
              "integration": "rest-v2",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo",
                  "expiresIn": -60
                }
              },
              "steps": [
                "launch",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.2",
                  "B.3",
                  "C.1",
                  "C.3",
                  "C.4",
                  "C.5",
                  "C.10",
                  "C.11",
                  "C.12",
                  "D.1",
                  "D.2",
                  "D.3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v2-ios-settings-sign-out-unvalidated",
            """
            {
              "name": "rest-v2-ios-settings-sign-out-unvalidated",
              "description": "An app that skips D.6: after the provider is removed in Settings it sends the refreshed status anyway, and Adobe denies the Apple SSO profile (authenticated_profile_missing).",
              "platform": "ios",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "settings remove-provider",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "Z100",
                  "N000"
                ],
                "authenticated": false,
                "decisions": [
                  "deny deep-space authenticated_profile_missing"
                ],
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.3",
                  "C.1",
                  "C.3",
                  "C.5",
                  "C.10",
                  "C.12",
                  "D.1",
                  "D.3",
                  "D.5",
                  "D.7"
                ],
                "exact": true
              },
              "app": {
                "validatesPartnerStatus": false
              }
            }
            """
        ),
        (
            "rest-v2-ios-partner-profile-refused",
            """
            {
              "name": "rest-v2-ios-partner-profile-refused",
              "description": "Adobe refuses the partner authentication response at C.13 (invalid_header_pfs_provider_info_expired): the app continues with basic authentication (C.8) in a web view.",
              "platform": "ios",
              "integration": "rest-v2",
              "faults": [
                {
                  "route": "sso.profiles",
                  "kind": "status",
                  "status": 400,
                  "code": "invalid_header_pfs_provider_info_expired"
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
                "mvpd": "AuroraCable",
                "profileType": "regular",
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.2",
                  "B.3",
                  "C.1",
                  "C.3",
                  "C.4",
                  "C.5",
                  "C.10",
                  "C.11",
                  "C.12",
                  "C.8",
                  "BA.1",
                  "BA.2",
                  "BA.3",
                  "D.3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v2-ios-expired-sign-in-unvalidated",
            """
            {
              "name": "rest-v2-ios-expired-sign-in-unvalidated",
              "description": "An app that skips B.2 sends the expired sign-in's status: B.6 tries single sign-on and Adobe answers pfs_fallback at C.6; Apple's picker then asks again.",
              "platform": "ios",
              "integration": "rest-v2",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo",
                  "expiresIn": -60
                }
              },
              "steps": [
                "launch",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "steps": [
                  "A.1",
                  "A.3",
                  "B.1",
                  "B.3",
                  "B.6",
                  "C.1",
                  "C.5",
                  "C.3",
                  "C.5",
                  "C.10",
                  "C.12",
                  "D.1",
                  "D.3"
                ],
                "exact": true
              },
              "app": {
                "validatesPartnerStatus": false
              }
            }
            """
        ),
        (
            "rest-v2-tvos-appl-error-verification-token",
            """
            {
              "name": "rest-v2-tvos-appl-error-verification-token",
              "description": "REST API V2 on Apple TV: the provider rejects the SAML request (invalid_verification_token): APPL_ERROR, then the app's picker and a code.",
              "platform": "tvos",
              "integration": "rest-v2",
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
                "choose Cascade",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "APPL_ERROR",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v2-tvos-vsa503-provider-down",
            """
            {
              "name": "rest-v2-tvos-vsa503-provider-down",
              "description": "REST API V2 on Apple TV: the provider does not answer its sign-in, exactly as on a phone: VSA503 at the app's decision point, then the app's picker and a code.",
              "platform": "tvos",
              "integration": "rest-v2",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Driftwood Cable",
                "sign-in-as demo",
                "choose Cascade",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "VSA503",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular"
              }
            }
            """
        ),
    ]
}
