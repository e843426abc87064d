package dev.drivecat.ranking;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

/**
 * POST /recommend takes every query parameter of GET /recommend (its method says so with
 * {@code @QueryParametersOf}, which the unknown-parameter check reads); this puts them in the
 * OpenAPI document too, ahead of its own {@code pool}, so they are declared once, on the GET.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class PastedQuestionParameters implements OASFilter {

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        PathItem recommend = openAPI.getPaths() == null ? null : openAPI.getPaths().getPathItem("/recommend");
        if (recommend == null || recommend.getGET() == null || recommend.getPOST() == null) {
            return;
        }
        Operation post = recommend.getPOST();
        List<Parameter> parameters = new ArrayList<>(recommend.getGET().getParameters() == null ? List.of()
                : recommend.getGET().getParameters());
        List<Parameter> own = post.getParameters() == null ? List.of() : post.getParameters();
        for (Parameter p : own) {
            if (parameters.stream().noneMatch(q -> q.getName().equals(p.getName()) && q.getIn() == p.getIn())) {
                parameters.add(p);
            }
        }
        post.setParameters(parameters);
    }
}
