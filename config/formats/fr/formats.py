# Les dates en toutes lettres, comme en anglais : « 1 déc. 2026 », jamais
# « 01/12/2026 ». Les autres formats français de Django restent.
DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j N Y"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "j N Y, H:i"
