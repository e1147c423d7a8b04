"""The found-dog pages (issue 12 item 3): the public lookup and its relay form, the message-sent
page, a resident's lost and found-again reports, and the staff page.

A lookup is a POST: it is logged and counted against the client's address, and the number typed
stays out of addresses and server logs; it answers with a redirect to the answer's page, which
names the lookup by a token the city signs (good for a day) and only reads. The relay form
carries the same token, so a message goes only to the owner of a dog that was looked up.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.core import signing
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogtag.found import services
from dogtag.found.client import logged_address, may_look_up
from dogtag.found.forms import LookupForm, LostForm, RelayForm
from dogtag.found.models import Lookup, LostReport, RelayMessage
from dogtag.found.shown import public_facts
from dogtag.licensing.models import Dog
from dogtag.records.errors import ServiceError
from dogtag.records.office import office_page
from dogtag.records.services import today
from dogtag.residents import household
from dogtag.residents.abuse import Limit, allow
from dogtag.residents.models import ResidentAccount
from dogtag.residents.session import resident_required

#: Messages relayed from one address per hour (lookups: ``found.client.LOOKUP_LIMIT``, shared
#: with the API's public tag lookup).
RELAY_LIMIT = Limit(count=5, window=dt.timedelta(hours=1))
#: How long a lookup's relay form may be sent.
RELAY_MAX_AGE = 24 * 60 * 60
SALT = "dogtag.found.relay"
PAGE_SIZE = 50


def _too_many(request: HttpRequest) -> HttpResponse:
    return render(request, "residents/too_many.html", status=429)


def _result_context(answer: services.Answer) -> dict[str, Any]:
    match = answer.match
    return {
        "answer": answer,
        "dog_facts": public_facts(match.dog, "dog") if match else [],
        "license_facts": public_facts(answer.license, "license") if answer.license else [],
        "tag_facts": public_facts(match.tag, "tag") if match and match.tag else [],
    }


@require_http_methods(["GET", "POST"])
def lookup(request: HttpRequest) -> HttpResponse:
    """POST logs the lookup (and tells a lost dog's owner and staff), then sends the browser to
    the answer's own page (a reload or the back button does not look the number up again)."""
    form = LookupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not may_look_up(request):
            return _too_many(request)
        answer = services.look_up(
            typed=form.cleaned_data["number"], client_address=logged_address(request), on=today()
        )
        token = signing.dumps(answer.lookup.pk, salt=SALT)
        return redirect("residents:found_answer", token=token)
    return render(
        request, "found/lookup.html", {"form": form}, status=400 if form.is_bound else 200
    )


def _signed_lookup(token: str) -> Lookup | None:
    """The lookup a token names, if the city signed it within a day."""
    try:
        pk = signing.loads(token[:200], salt=SALT, max_age=RELAY_MAX_AGE)
    except signing.BadSignature:
        return None
    return (
        Lookup.objects.filter(pk=pk).select_related("dog").first() if isinstance(pk, int) else None
    )


def _answer_page(
    request: HttpRequest, found: Lookup, token: str, relay_form: RelayForm | None, status: int
) -> HttpResponse:
    answer = services.answer_again(found, today())
    context: dict[str, Any] = {"form": LookupForm()} | _result_context(answer)
    if answer.match is not None:
        context["relay_form"] = relay_form or RelayForm(initial={"token": token})
    return render(request, "found/lookup.html", context, status=status)


@require_GET
def answer(request: HttpRequest, token: str) -> HttpResponse:
    """The answer to a lookup, read (nothing is written: the POST logged it)."""
    found = _signed_lookup(token)
    if found is None:
        return render(request, "found/expired.html", status=404)
    return _answer_page(request, found, token, None, 200)


@require_POST
def relay(request: HttpRequest) -> HttpResponse:
    form = RelayForm(request.POST)
    if form.is_bot:
        return redirect("residents:found_sent")
    token = str(request.POST.get("token", ""))[:200]
    found = _signed_lookup(token)
    if found is None or found.dog is None:
        return render(request, "found/expired.html", status=400)
    if form.is_valid():
        if not allow(request, "found-relay", RELAY_LIMIT):
            return _too_many(request)
        data = form.cleaned_data
        services.relay(
            lookup=found,
            finder_name=data["finder_name"],
            finder_phone=data["finder_phone"],
            finder_email=data["finder_email"],
            message=data["message"],
            client_address=logged_address(request),
        )
        return redirect("residents:found_sent")
    # The answer again, with the form's errors.
    return _answer_page(request, found, token, form, 400)


@require_GET
def sent(request: HttpRequest) -> HttpResponse:
    return render(request, "found/sent.html")


def _own_dog(account: ResidentAccount, pk: int) -> Dog:
    dog = household.dogs(account).filter(pk=pk).first()
    if dog is None:
        raise Http404(_("Your household has no dog with that number."))
    return dog


@require_http_methods(["GET", "POST"])
@resident_required
def report_lost(request: HttpRequest, account: ResidentAccount, pk: int) -> HttpResponse:
    dog = _own_dog(account, pk)
    report = services.open_lost_report(dog)
    form = LostForm(request.POST or None)
    if request.method == "POST" and report is None and form.is_valid():
        data = form.cleaned_data
        try:
            services.report_lost(
                account=account,
                dog=dog,
                last_seen_at=data["last_seen_at"],
                last_seen_where=data["last_seen_where"],
                note=data["note"],
            )
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                _(
                    "%(dog)s is reported lost. Whoever looks up its tag is told so, and you and "
                    "the city are told at once."
                )
                % {"dog": dog.name},
            )
        return redirect("residents:household")
    return render(
        request,
        "found/lost.html",
        {"dog": dog, "form": form, "report": report},
        status=400 if form.is_bound else 200,
    )


@require_POST
@resident_required
def report_found_again(request: HttpRequest, account: ResidentAccount, pk: int) -> HttpResponse:
    dog = _own_dog(account, pk)
    try:
        services.report_found_again(account=account, dog=dog)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("Welcome home, %(dog)s! It is no longer reported lost.") % {"dog": dog.name},
        )
    return redirect("residents:household")


@require_GET
@office_page(services.VIEW_FOUND_REPORTS)
def office(request: HttpRequest) -> HttpResponse:
    lost = LostReport.objects.filter(found_again_at__isnull=True).select_related(
        "dog", "reported_by"
    )
    relayed = Paginator(RelayMessage.objects.select_related("dog"), PAGE_SIZE).get_page(
        request.GET.get("messages")
    )
    lookups = Paginator(Lookup.objects.select_related("dog"), PAGE_SIZE).get_page(
        request.GET.get("lookups")
    )
    return render(
        request,
        "found/office.html",
        {"lost": lost, "relayed": relayed, "lookups": lookups},
    )
