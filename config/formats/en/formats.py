# English dates that no reader can take for another day: "1 Dec 2026", never
# "12/01/2026" (December or January?). Django's other English formats stay.
DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
