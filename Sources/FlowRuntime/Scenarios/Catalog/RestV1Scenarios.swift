/// Built-in scenarios of the REST API V1 integration.
enum RestV1Scenarios {
    static let files: [(name: String, text: String)] = [
        (
            "rest-v1-ios-apple-sso",
            """
            {
              "name": "rest-v1-ios-apple-sso",
              "description": "Apple SSO happy path on iPhone: allow access, pick a provider in Apple's picker, sign in, play; steps 2, 4 and 7 send channelIdentifier (seed 000).",
              "platform": "ios",
              "integration": "rest-v1",
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
                  "0.1",
                  "0.2",
                  "1",
                  "2",
                  "3",
                  "4",
                  "5",
                  "6",
                  "7",
                  "8",
                  "9",
                  "11"
                ],
                "mentions": [
                  "2 is the user signed in through partner SSO?",
                  "channelIdentifier=https://saml.sp.auth.adobe.com",
                  "4 initiate partner SSO workflow",
                  "channelIdentifier=https://saml.sp.auth.adobe.com",
                  "7 forward the Adobe request",
                  "channelIdentifier=https://saml.sp.auth.adobe.com"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-ios-system-signed-in",
            """
            {
              "name": "rest-v1-ios-system-signed-in",
              "description": "Already signed in to the TV provider at system level on iPhone: single sign-on with no UI at all.",
              "platform": "ios",
              "integration": "rest-v1",
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
                  "1",
                  "2",
                  "3",
                  "5",
                  "6",
                  "7",
                  "8",
                  "9"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-tvos-apple-sso",
            """
            {
              "name": "rest-v1-tvos-apple-sso",
              "description": "Apple SSO happy path on Apple TV: allow access, pick a provider in Apple's picker, sign in, play; steps 2, 4 and 7 send channelIdentifier (seed 000).",
              "platform": "tvos",
              "integration": "rest-v1",
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
                  "0.1",
                  "0.2",
                  "1",
                  "2",
                  "3",
                  "4",
                  "5",
                  "6",
                  "7",
                  "8",
                  "9",
                  "11"
                ],
                "mentions": [
                  "2 is the user signed in through partner SSO?",
                  "channelIdentifier=https://saml.sp.auth.adobe.com",
                  "4 initiate partner SSO workflow",
                  "channelIdentifier=https://saml.sp.auth.adobe.com",
                  "7 forward the Adobe request",
                  "channelIdentifier=https://saml.sp.auth.adobe.com"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-tvos-system-signed-in",
            """
            {
              "name": "rest-v1-tvos-system-signed-in",
              "description": "Already signed in to the TV provider at system level on Apple TV: single sign-on with no UI at all.",
              "platform": "tvos",
              "integration": "rest-v1",
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
                  "1",
                  "2",
                  "3",
                  "5",
                  "6",
                  "7",
                  "8",
                  "9"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-ios-vsa403-denied",
            """
            {
              "name": "rest-v1-ios-vsa403-denied",
              "description": "Access denied in the permission alert: VSA403, then the app's own picker and web login.",
              "platform": "ios",
              "integration": "rest-v1",
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
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v1-tvos-vsa403-restricted",
            """
            {
              "name": "rest-v1-tvos-vsa403-restricted",
              "description": "Restrictions forbid TV Provider access on Apple TV: VSA403 without an alert, then a registration code.",
              "platform": "tvos",
              "integration": "rest-v1",
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
            "rest-v1-ios-vsa404-dismissed",
            """
            {
              "name": "rest-v1-ios-vsa404-dismissed",
              "description": "The permission alert is dismissed twice: VSA404, the app's picker, then cancelled (N005).",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-tvos-vsa404-not-allowed",
            """
            {
              "name": "rest-v1-tvos-vsa404-not-allowed",
              "description": "An app that never lets the framework prompt stays undetermined: VSA404 and the regular flow.",
              "platform": "tvos",
              "integration": "rest-v1",
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
            "rest-v1-ios-vsa503-provider-down",
            """
            {
              "name": "rest-v1-ios-vsa503-provider-down",
              "description": "The provider's sign-in does not respond: VSA503, then the app's picker.",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-ios-appl-error-verification-token",
            """
            {
              "name": "rest-v1-ios-appl-error-verification-token",
              "description": "The provider rejects the verification token: APPL_ERROR, then the app's picker.",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-ios-n003-web-login",
            """
            {
              "name": "rest-v1-ios-n003-web-login",
              "description": "“Other TV Provider” on iPhone: the app's picker and the MVPD's web login.",
              "platform": "ios",
              "integration": "rest-v1",
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
                ]
              }
            }
            """
        ),
        (
            "rest-v1-tvos-n003-second-screen",
            """
            {
              "name": "rest-v1-tvos-n003-second-screen",
              "description": "“Other TV Provider” on Apple TV: the app's picker, a registration code, sign-in on a phone.",
              "platform": "tvos",
              "integration": "rest-v1",
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
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v1-ios-n004-integration-disabled",
            """
            {
              "name": "rest-v1-ios-n004-integration-disabled",
              "description": "Signed in at system level with a provider this app has no integration with: N004 and the app's picker.",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-tvos-n004-picker-only",
            """
            {
              "name": "rest-v1-tvos-n004-picker-only",
              "description": "A provider listed in Apple's picker without single sign-on: N004, straight to its login by code.",
              "platform": "tvos",
              "integration": "rest-v1",
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
            "rest-v1-ios-n004-picker-only",
            """
            {
              "name": "rest-v1-ios-n004-picker-only",
              "description": "A provider in Apple's picker without single sign-on on iPhone: N004, straight to its web login.",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-ios-n005-apple-picker",
            """
            {
              "name": "rest-v1-ios-n005-apple-picker",
              "description": "Apple's picker is cancelled: N005, and as step 4's code has it the regular workflow follows (seed 000); the app's own picker is cancelled too (N005).",
              "platform": "ios",
              "integration": "rest-v1",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "cancel",
                "cancel"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "N005",
                  "N005"
                ],
                "authenticated": false,
                "steps": [
                  "0.1",
                  "0.2",
                  "1",
                  "2",
                  "3",
                  "4",
                  "10"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v1-tvos-n005-app-picker",
            """
            {
              "name": "rest-v1-tvos-n005-app-picker",
              "description": "“Other TV Provider”, then the app's own picker is cancelled: N003, N005.",
              "platform": "tvos",
              "integration": "rest-v1",
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
            "rest-v1-ios-sso-disabled-requestor",
            """
            {
              "name": "rest-v1-ios-sso-disabled-requestor",
              "description": "Partner SSO switched off for the requestor (plain V1 errors too): the MVPD's web login instead.",
              "platform": "ios",
              "integration": "rest-v1",
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
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v1-tvos-sso-disabled-integration",
            """
            {
              "name": "rest-v1-tvos-sso-disabled-integration",
              "description": "Single sign-on disabled on one integration: no profile request, a registration code instead.",
              "platform": "tvos",
              "integration": "rest-v1",
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
                "profileType": "regular"
              }
            }
            """
        ),
        (
            "rest-v1-ios-expired-apple-sign-in",
            """
            {
              "name": "rest-v1-ios-expired-apple-sign-in",
              "description": "The system sign-in has expired: the app sees no provider and Apple's picker asks again.",
              "platform": "ios",
              "integration": "rest-v1",
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
                "profileType": "appleSSO"
              }
            }
            """
        ),
        (
            "rest-v1-ios-expired-adobe-profile",
            """
            {
              "name": "rest-v1-ios-expired-adobe-profile",
              "description": "The Adobe token expires: the next play is denied (authentication_session_expired), and signing in again needs no UI.",
              "platform": "ios",
              "integration": "rest-v1",
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
                  "deny deep-space authentication_session_expired",
                  "permit deep-space"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-ios-wrong-password",
            """
            {
              "name": "rest-v1-ios-wrong-password",
              "description": "A wrong password in the provider sign-in, then the right one.",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-ios-wrong-password-web",
            """
            {
              "name": "rest-v1-ios-wrong-password-web",
              "description": "A wrong password on the MVPD's web login page, then the right one.",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-ios-denied-no-package",
            """
            {
              "name": "rest-v1-ios-denied-no-package",
              "description": "Authorization denied: the subscriber's package lacks the title (Z100).",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-tvos-denied-parental",
            """
            {
              "name": "rest-v1-tvos-denied-parental",
              "description": "Authorization denied by parental controls on Apple TV (Z100).",
              "platform": "tvos",
              "integration": "rest-v1",
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
            "rest-v1-ios-media-token-expiry",
            """
            {
              "name": "rest-v1-ios-media-token-expiry",
              "description": "The short media token expires: the next play authorizes again.",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-tvos-code-expiry",
            """
            {
              "name": "rest-v1-tvos-code-expiry",
              "description": "The registration code expires after 30 minutes; a new code from reggie, then sign-in on a phone.",
              "platform": "tvos",
              "integration": "rest-v1",
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
            "rest-v1-tvos-polling-throttled",
            """
            {
              "name": "rest-v1-tvos-polling-throttled",
              "description": "Polling tokens/authn is answered with 429: the app waits Retry-After and keeps polling.",
              "platform": "tvos",
              "integration": "rest-v1",
              "faults": [
                {
                  "route": "v1.tokens.authn",
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
            "rest-v1-ios-configuration-5xx",
            """
            {
              "name": "rest-v1-ios-configuration-5xx",
              "description": "The configuration answers 503: CFG503 and no sign-in.",
              "platform": "ios",
              "integration": "rest-v1",
              "faults": [
                {
                  "route": "v1.config",
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
            "rest-v1-ios-slow-configuration",
            """
            {
              "name": "rest-v1-ios-slow-configuration",
              "description": "The configuration answers after 3 seconds (a latency fault): sign-in still completes.",
              "platform": "ios",
              "integration": "rest-v1",
              "faults": [
                {
                  "route": "v1.config",
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
            "rest-v1-ios-network-fault-sign-in",
            """
            {
              "name": "rest-v1-ios-network-fault-sign-in",
              "description": "The connection drops during the provider sign-in: VSA503 and the app's picker.",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-ios-logout-vsa203",
            """
            {
              "name": "rest-v1-ios-logout-vsa203",
              "description": "Sign out after Apple SSO on iPhone: tokenSource is Apple, the logout page in a web view, VSA203.",
              "platform": "ios",
              "integration": "rest-v1",
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
                  "L.1",
                  "L.2"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-tvos-logout-vsa203",
            """
            {
              "name": "rest-v1-tvos-logout-vsa203",
              "description": "Sign out after Apple SSO on Apple TV: tokenSource is Apple, DELETE /logout, VSA203.",
              "platform": "tvos",
              "integration": "rest-v1",
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
                  "L.1",
                  "L.2"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-ios-regular-logout",
            """
            {
              "name": "rest-v1-ios-regular-logout",
              "description": "Logout after a web login on iPhone: tokenSource is the MVPD, the logout page in a web view ends its session too.",
              "platform": "ios",
              "integration": "rest-v1",
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
                  "L.1",
                  "L.2"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-ios-missing-usage-description",
            """
            {
              "name": "rest-v1-ios-missing-usage-description",
              "description": "The app has no NSVideoSubscriberAccountUsageDescription: the framework crashes it.",
              "platform": "ios",
              "integration": "rest-v1",
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
            "rest-v1-ios-settings-sign-out",
            """
            {
              "name": "rest-v1-ios-settings-sign-out",
              "description": "After Apple SSO the provider is removed in Settings: V1 sends no partner status, so the Adobe token still plays.",
              "platform": "ios",
              "integration": "rest-v1",
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
                  "N000"
                ],
                "authenticated": true,
                "decisions": [
                  "permit deep-space"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-tvos-relaunch-adobe-token",
            """
            {
              "name": "rest-v1-tvos-relaunch-adobe-token",
              "description": "REST API V1 on Apple TV relaunched after a second-screen sign-in: step 1 finds the Adobe token and ends signed in with no partner steps (seed 000, step 1).",
              "platform": "tvos",
              "integration": "rest-v1",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
                "complete-second-screen as demo",
                "launch"
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
                  "0.1",
                  "0.2",
                  "1",
                  "2",
                  "3",
                  "4",
                  "10",
                  "10",
                  "10",
                  "10",
                  "11",
                  "1",
                  "1",
                  "11"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v1-ios-relaunch-adobe-token",
            """
            {
              "name": "rest-v1-ios-relaunch-adobe-token",
              "description": "REST API V1 relaunched after a sign-in: step 1 finds the Adobe token (checkauthn 200) and the flow ends signed in, with no partner steps (seed 000, step 1).",
              "platform": "ios",
              "integration": "rest-v1",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "launch"
              ],
              "expect": {
                "codes": [
                  "N000"
                ],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "regular",
                "steps": [
                  "0.1",
                  "0.2",
                  "1",
                  "2",
                  "3",
                  "4",
                  "5",
                  "6",
                  "7",
                  "8",
                  "9",
                  "1",
                  "11",
                  "1",
                  "1",
                  "11"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v1-ios-expired-sign-in-step-5",
            """
            {
              "name": "rest-v1-ios-expired-sign-in-step-5",
              "description": "REST API V1 with an expired system sign-in: step 2 gets the provider with a past authenticationExpirationDate, step 5 rejects it, and the launch ends signed out; sign-in goes through Apple's picker again.",
              "platform": "ios",
              "integration": "rest-v1",
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
                  "0.1",
                  "0.2",
                  "1",
                  "2",
                  "3",
                  "4",
                  "5",
                  "6",
                  "7",
                  "8",
                  "9",
                  "1",
                  "11"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "rest-v1-tvos-regular-logout",
            """
            {
              "name": "rest-v1-tvos-regular-logout",
              "description": "Logout after a second-screen sign-in on Apple TV: DELETE /logout, the MVPD is not told.",
              "platform": "tvos",
              "integration": "rest-v1",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
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
                  "L.1",
                  "L.2"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-ios-plain-error-denied",
            """
            {
              "name": "rest-v1-ios-plain-error-denied",
              "description": "A requestor on plain V1 errors: a title outside the package is denied with a bare 403.",
              "platform": "ios",
              "integration": "rest-v1",
              "requestor": "ORBITLITE",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as basic",
                "sign-in-as basic",
                "play orbit-sports"
              ],
              "expect": {
                "codes": [
                  "N000",
                  "Z100"
                ],
                "authenticated": true,
                "decisions": [
                  "deny orbit-sports http 403"
                ]
              }
            }
            """
        ),
        (
            "rest-v1-tvos-appl-error-verification-token",
            """
            {
              "name": "rest-v1-tvos-appl-error-verification-token",
              "description": "REST API V1 on Apple TV: the provider rejects the profile request at step 7 (invalid_verification_token): APPL_ERROR, then the regular workflow with a code.",
              "platform": "tvos",
              "integration": "rest-v1",
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
            "rest-v1-tvos-vsa503-provider-down",
            """
            {
              "name": "rest-v1-tvos-vsa503-provider-down",
              "description": "REST API V1 on Apple TV: the provider does not answer its sign-in: VSA503 at step 4, then the regular workflow with a code.",
              "platform": "tvos",
              "integration": "rest-v1",
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
