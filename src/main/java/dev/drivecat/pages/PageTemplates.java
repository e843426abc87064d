package dev.drivecat.pages;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;

/** The pages, as templates Qute checks at build time against these parameter types (templates/pages/). */
@CheckedTemplate(basePath = "pages")
final class PageTemplates {

    private PageTemplates() {
    }

    static native TemplateInstance home(HomePage.HomeView v);

    static native TemplateInstance recommend(RecommendPage.RecommendView v);

    static native TemplateInstance drive(DrivePages.DriveView v);

    static native TemplateInstance drives(DrivePages.DrivesView v);

    static native TemplateInstance problem(Html.ProblemView v);

    static native TemplateInstance proposals(ProposalPages.ProposalsView v);
}
