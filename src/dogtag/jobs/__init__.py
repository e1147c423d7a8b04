"""Long work in the background, with progress (issue 12 item 6).

A page never does long work (a batch of PDFs, an import) inside its request. It starts a job::

    job = start_job(task=render_batch, title="Tag sheets, January", actor=request.user,
                    arguments={"month": "2027-01"})
    return redirect(job)                       # the job's page shows its progress (htmx polling)

and the task, a ``django_tasks.task`` taking ``job_id`` first, reports as it goes::

    @task()
    def render_batch(job_id: int, month: str) -> None:
        with running(job_id) as progress:
            for n, item in enumerate(items, 1):
                ...
                progress.advance(n, len(items), f"{n} of {len(items)} letters")
            progress.finish({"url": ..., "label": "Download the tag sheets"})
"""
