"""A dangerous-animal case (issue 27): the records and staff pages of the variant of the
dangerous-dog case a city's law states when it designates any animal dangerous
(``dangerous_animal.designation``; Lino Lakes). The procedure is the rules core's
(``law.dangerous_animal_procedure``); this app stores its dated events and asks it."""
